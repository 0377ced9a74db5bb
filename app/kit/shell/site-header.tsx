import { Link } from "react-router";
import { site } from "../lib/site";
import type { LoadSiteMap } from "./site-map";
import { SiteMenu } from "./site-menu";
import { SurpriseButton } from "./surprise-button";

interface SiteHeaderProps {
  loadSiteMap: LoadSiteMap;
  /** The path of the page on screen; null on unknown paths. */
  currentPath: string | null;
}

export function SiteHeader({ loadSiteMap, currentPath }: SiteHeaderProps) {
  return (
    <header className="fixed inset-x-0 top-0 z-30 border-b border-white/30 bg-white/80 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-4 px-4">
        <Link to="/" className="truncate rounded-md text-lg font-extrabold tracking-tight text-purple-800">
          <span aria-hidden="true">🙃 </span>
          {site.name}
        </Link>
        <div className="flex items-center gap-2">
          <SurpriseButton loadSiteMap={loadSiteMap} currentPath={currentPath} />
          <SiteMenu loadSiteMap={loadSiteMap} currentPath={currentPath} />
        </div>
      </div>
    </header>
  );
}
