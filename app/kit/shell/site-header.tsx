import { site } from "../lib/site";
import { PageLink } from "../ui/page-link";
import { LogoIcon } from "./icons";
import { SiteMenu } from "./site-menu";
import { SurpriseButton } from "./surprise-button";

interface SiteHeaderProps {
  /** The path of the page on screen; null on unknown paths. */
  currentPath: string | null;
}

export function SiteHeader({ currentPath }: SiteHeaderProps) {
  return (
    <header className="fixed inset-x-0 top-0 z-30 border-b border-white/30 bg-white/90">
      <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-1 px-3 min-[360px]:gap-4 min-[360px]:px-4">
        <PageLink
          to="/"
          className="flex min-w-0 items-center gap-2 rounded-md text-base font-extrabold min-[360px]:text-lg tracking-tight text-purple-800"
        >
          <LogoIcon />
          <span className="truncate">{site.name}</span>
        </PageLink>
        <div className="flex items-center gap-2">
          <SurpriseButton currentPath={currentPath} />
          <SiteMenu currentPath={currentPath} />
        </div>
      </div>
    </header>
  );
}
