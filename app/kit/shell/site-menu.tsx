import { pages, toys } from "virtual:site-map";
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { SiteLink } from "./site-map";
import { TimeWastedNote } from "./time-wasted-note";

/** The menu's id: its button opens it with `popovertarget`, before and without JavaScript. */
export const MENU_ID = "site-menu";
const LINKS_ID = "site-menu-links";

/**
 * Every page in two groups, as plain HTML: written into the page when it is pre-rendered (the
 * site map is data on the server only, scripts/build/site-map-module.ts) and never again. In the
 * browser React adopts the links the document already has, so they cost the page's JavaScript
 * nothing and work before it has loaded, or when it never does.
 */
function ServerLinks({ currentPath }: { currentPath: string | null }) {
  const group = (entries: readonly SiteLink[], label: string) => (
    <ul aria-label={label} className="py-1">
      {entries.map((entry) => (
        <li key={entry.path}>
          <a href={entry.path} aria-current={entry.path === currentPath ? "page" : undefined}>
            {entry.label}
          </a>
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {group(toys, "Toys")}
      <hr className="my-1 border-slate-200" />
      {group(pages, "About this site")}
    </>
  );
}

/** The links the pre-rendered document holds (read once, before React first renders here). */
let documentLinks: string | undefined;
const linksOf = (nav: HTMLElement | null) => [...(nav?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];

/** The paths of the toys in the menu, for "Surprise me". */
export const toyPaths = (): string[] =>
  linksOf(document.getElementById(LINKS_ID)?.querySelector<HTMLElement>("ul") ?? null).map((a) => a.pathname);

interface SiteMenuProps {
  /** The path of the page on screen, marked as current; null when unknown. */
  currentPath: string | null;
}

/**
 * The menu: a button and a `popover` of links, which the browser opens, closes on Escape or a
 * click elsewhere, and returns focus from, all before React is live. React adds the rest: opening
 * moves focus to the current page's link at once (in the same event, so the next key press lands
 * there), the arrow keys, Home and End move between links, Escape and Tab out close it, and a link
 * navigates inside the app.
 */
export function SiteMenu({ currentPath }: SiteMenuProps) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const menu = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const isServer = typeof document === "undefined";
  if (!isServer) documentLinks ??= document.getElementById(LINKS_ID)?.innerHTML ?? "";

  useEffect(() => {
    const panel = menu.current;
    if (!panel) return;
    const onToggle = (event: Event) => setOpen((event as ToggleEvent).newState === "open");
    setOpen(panel.matches(":popover-open"));
    panel.addEventListener("toggle", onToggle);
    return () => panel.removeEventListener("toggle", onToggle);
  }, []);

  // The page on screen changes without a new document: the links say which one it is now.
  useEffect(() => {
    for (const link of linksOf(menu.current)) {
      if (link.pathname === currentPath) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
  }, [currentPath]);

  const isOpen = () => menu.current?.matches(":popover-open") ?? false;

  function openMenu() {
    const panel = menu.current;
    if (!panel) return;
    if (!isOpen()) panel.showPopover();
    const links = linksOf(panel);
    (links.find((a) => a.getAttribute("aria-current") === "page") ?? links[0])?.focus();
  }

  function closeMenu(focusButton: boolean) {
    if (isOpen()) menu.current?.hidePopover();
    if (focusButton) button.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      closeMenu(true);
      return;
    }
    const all = linksOf(menu.current);
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const move: Record<string, number | undefined> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    const to = move[event.key];
    if (to === undefined) return;
    event.preventDefault();
    all[to]?.focus();
  }

  function onClick(event: MouseEvent<HTMLElement>) {
    const link = (event.target as Element).closest("a");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    closeMenu(false);
    navigate(link.pathname);
  }

  return (
    <div className="group">
      <button
        ref={button}
        type="button"
        popoverTarget={MENU_ID}
        aria-expanded={open}
        onClick={(event) => {
          // The browser would toggle it too, but only after this event: focus could not follow.
          event.preventDefault();
          if (isOpen()) closeMenu(false);
          else openMenu();
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !isOpen()) {
            event.preventDefault();
            openMenu();
          }
        }}
        className="site-menu-button"
      >
        Menu
        <span
          aria-hidden="true"
          className="text-xs before:content-['▼'] group-has-[:popover-open]:before:content-['▲']"
        />
      </button>
      <nav
        ref={menu}
        id={MENU_ID}
        popover="auto"
        aria-label="All pages"
        onKeyDown={onKeyDown}
        onClick={onClick}
        onBlur={(event) => {
          const next = event.relatedTarget as Node | null;
          if (next && !menu.current?.contains(next) && next !== button.current) closeMenu(false);
        }}
        className="site-menu"
      >
        {isServer ? (
          <div id={LINKS_ID}>
            <ServerLinks currentPath={currentPath} />
          </div>
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the document's own pre-rendered links, kept as they are
          <div id={LINKS_ID} dangerouslySetInnerHTML={{ __html: documentLinks ?? "" }} />
        )}
        <TimeWastedNote className="mt-1 border-t border-slate-200 px-3 pt-3 pb-2 text-sm text-slate-600" />
      </nav>
    </div>
  );
}
