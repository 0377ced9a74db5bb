import { type KeyboardEvent, type RefObject, useEffect, useRef } from "react";
import { Link } from "react-router";
import type { SiteLink, SiteMap } from "./site-map";
import { TimeWastedNote } from "./time-wasted-note";

interface SiteMenuPanelProps {
  id: string;
  siteMap: SiteMap;
  currentPath: string | null;
  button: RefObject<HTMLButtonElement | null>;
  onClose: (focusButton: boolean) => void;
}

function linksIn(panel: HTMLElement | null): HTMLAnchorElement[] {
  return [...(panel?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];
}

/**
 * The open menu: every page in two groups. It focuses the current page's link, moves with the arrow
 * keys, Home and End, closes on Escape (focus back to the button), on a click elsewhere or when focus
 * leaves it. Loaded with the site map, on the visitor's first intent to open the menu.
 */
export default function SiteMenuPanel({ id, siteMap, currentPath, button, onClose }: SiteMenuPanelProps) {
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    const links = linksIn(panel.current);
    (links.find((a) => a.getAttribute("aria-current") === "page") ?? links[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) onClose(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [button, onClose]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
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
      onClose(true);
    } else if (move[event.key] !== undefined) {
      event.preventDefault();
      all[move[event.key] as number]?.focus();
    }
  }

  const group = (entries: readonly SiteLink[], label: string) => (
    <ul aria-label={label} className="py-1">
      {entries.map((entry) => (
        <li key={entry.path}>
          <Link
            to={entry.path}
            aria-current={entry.path === currentPath ? "page" : undefined}
            onClick={() => onClose(false)}
            className="block rounded-md px-3 py-2 text-slate-800 hover:bg-purple-100 focus-visible:bg-purple-100 aria-[current=page]:bg-purple-700 aria-[current=page]:text-white"
          >
            {entry.label}
          </Link>
        </li>
      ))}
    </ul>
  );

  return (
    <nav
      ref={panel}
      id={id}
      aria-label="All pages"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && !panel.current?.contains(next) && next !== button.current) onClose(false);
      }}
      className="absolute top-full right-0 z-40 mt-2 max-h-[80vh] w-64 overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white p-1 shadow-2xl"
    >
      {group(siteMap.toys, "Toys")}
      <hr className="my-1 border-slate-200" />
      {group(siteMap.pages, "About this site")}
      <TimeWastedNote className="mt-1 border-t border-slate-200 px-3 pt-3 pb-2 text-sm text-slate-600" />
    </nav>
  );
}
