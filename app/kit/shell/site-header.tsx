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
    // Styled in app/app.css by name (the shell's chrome).
    <header className="site-header">
      <div className="site-bar">
        <PageLink to="/" className="site-name">
          <LogoIcon />
          <span className="truncate">{site.name}</span>
        </PageLink>
        <div className="site-actions">
          <SurpriseButton currentPath={currentPath} />
          <SiteMenu currentPath={currentPath} />
        </div>
      </div>
    </header>
  );
}
