import { useMatches } from "react-router";
import type { PageHandle } from "../lib/meta";

/** The registry data of the page on screen, from the deepest matched route's `handle`. */
export function useCurrentPage(): PageHandle["page"] | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as Partial<PageHandle> | undefined;
    if (handle?.page) return handle.page;
  }
  return undefined;
}
