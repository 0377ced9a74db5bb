import { type ComponentType, useCallback, useId, useRef, useState } from "react";
import { loadChunk } from "../lib/load-chunk";
import type { LoadSiteMap, SiteMap } from "./site-map";
import type SiteMenuPanel from "./site-menu-panel";

interface SiteMenuProps {
  loadSiteMap: LoadSiteMap;
  /** The path of the page on screen, marked as current; null when unknown. */
  currentPath: string | null;
}

interface Loaded {
  siteMap: SiteMap;
  Panel: ComponentType<Parameters<typeof SiteMenuPanel>[0]>;
}

/**
 * The menu button. The panel, its keyboard handling and the list of pages are not part of the
 * first load: they are fetched on the first sign of intent (hover, focus, open).
 */
export function SiteMenu({ loadSiteMap, currentPath }: SiteMenuProps) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const loading = useRef(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);

  function load() {
    if (loaded || loading.current) return;
    loading.current = true;
    setFailed(false);
    Promise.all([loadSiteMap(), loadChunk(() => import("./site-menu-panel"))]).then(
      ([siteMap, module]) => setLoaded({ siteMap, Panel: module.default }),
      () => {
        loading.current = false; // the next intent tries again
        setFailed(true);
      },
    );
  }

  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }, []);

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          load();
          setOpen(!open);
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            load();
            setOpen(true);
          }
        }}
        onPointerEnter={load}
        onFocus={load}
        className="inline-flex items-center gap-2 rounded-full bg-purple-700 px-4 py-2 font-semibold text-white shadow hover:bg-purple-800"
      >
        Menu
        <span aria-hidden="true" className="text-xs">
          {open ? "▲" : "▼"}
        </span>
      </button>
      {open && loaded ? (
        <loaded.Panel id={panelId} siteMap={loaded.siteMap} currentPath={currentPath} button={button} onClose={close} />
      ) : null}
      {open && !loaded ? (
        <p
          id={panelId}
          role="status"
          className="absolute top-full right-0 mt-2 w-64 rounded-xl bg-white p-3 text-slate-700 shadow-2xl"
        >
          {failed ? "The menu got lost on its way. Close it and try again." : "Finding all the pointless things…"}
        </p>
      ) : null}
    </div>
  );
}
