import type { AnchorHTMLAttributes } from "react";

/** The attribute that marks a link to another page of the site, for the shell's one listener. */
export const PAGE_LINK = "data-page-link";

/**
 * A link to another page of the site: a plain `<a>`, which the site shell turns into a client
 * navigation (kit/shell/use-page-links.ts). React Router's `<Link>` did the same with a dozen
 * hooks per link, and on a cold load its first render was one of the longest pieces of hydration
 * (issue 55); before React is live, and without JavaScript, the link works as any link does.
 */
export function PageLink({ to, ...props }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return <a href={to} {...{ [PAGE_LINK]: "" }} {...props} />;
}
