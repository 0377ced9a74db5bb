import { Link } from "react-router";
import type { PageEntry } from "../lib/define-page";
import { site } from "../lib/site";
import { SiteMenu } from "./site-menu";

interface SiteHeaderProps {
  toys: readonly PageEntry[];
  pages: readonly PageEntry[];
  currentPath: string | null;
}

export function SiteHeader({ toys, pages, currentPath }: SiteHeaderProps) {
  return (
    <header className="fixed inset-x-0 top-0 z-30 border-b border-white/30 bg-white/80 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-4 px-4">
        <Link to="/" className="rounded-md text-lg font-extrabold tracking-tight text-purple-800">
          <span aria-hidden="true">🙃 </span>
          {site.name}
        </Link>
        <SiteMenu toys={toys} pages={pages} currentPath={currentPath} />
      </div>
    </header>
  );
}
