import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { PageEntry } from "../lib/define-page";

interface SiteMenuProps {
  toys: readonly PageEntry[];
  pages: readonly PageEntry[];
  /** The path of the page on screen, marked as current; null when unknown. */
  currentPath: string | null;
}

function linksIn(panel: HTMLElement | null): HTMLAnchorElement[] {
  return [...(panel?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];
}

/**
 * The dropdown listing every page: a disclosure button and a panel of links in two groups.
 * Arrow keys, Home and End move between links, Escape closes and returns focus to the button,
 * and clicking or tabbing away closes it.
 */
export function SiteMenu({ toys, pages, currentPath }: SiteMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const links = linksIn(panel.current);
    const current = links.find((a) => a.getAttribute("aria-current") === "page") ?? links[0];
    current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function close(focusButton: boolean) {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = linksIn(panel.current);
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const move: Record<string, number | undefined> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (move[event.key] !== undefined) {
      event.preventDefault();
      all[move[event.key] as number]?.focus();
    }
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" && !open) {
      event.preventDefault();
      setOpen(true);
    }
  }

  const renderGroup = (entries: readonly PageEntry[], label: string) => (
    <ul aria-label={label} className="py-1">
      {entries.map((entry) => (
        <li key={entry.path}>
          <Link
            to={entry.path}
            aria-current={entry.path === currentPath ? "page" : undefined}
            onClick={() => close(false)}
            className="block rounded-md px-3 py-2 text-slate-800 hover:bg-purple-100 focus-visible:bg-purple-100 aria-[current=page]:bg-purple-600 aria-[current=page]:text-white"
          >
            {entry.label}
          </Link>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKeyDown}
        className="inline-flex items-center gap-2 rounded-full bg-purple-700 px-4 py-2 font-semibold text-white shadow hover:bg-purple-800"
      >
        Menu
        <span aria-hidden="true" className="text-xs">
          {open ? "▲" : "▼"}
        </span>
      </button>
      {open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: the keys are handled for the links inside
        <div
          ref={panel}
          id={panelId}
          onKeyDown={onPanelKeyDown}
          onBlur={(event) => {
            const next = event.relatedTarget as Node | null;
            if (next && !panel.current?.contains(next) && next !== button.current) setOpen(false);
          }}
          className="absolute top-full right-0 z-40 mt-2 max-h-[80vh] w-64 overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white p-1 shadow-2xl"
        >
          <nav aria-label="All pages">
            {renderGroup(toys, "Toys")}
            <hr className="my-1 border-slate-200" />
            {renderGroup(pages, "About this site")}
          </nav>
        </div>
      ) : null}
    </div>
  );
}
