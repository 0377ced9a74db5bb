import { matchPath } from "react-router";
import type { PageEntry } from "../lib/define-page";

/** The registry entry that owns a pathname (its own path or one of its sub-routes), if any. */
export function findPage(entries: readonly PageEntry[], pathname: string): PageEntry | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return entries.find(
    (entry) =>
      entry.path === path || (entry.subRoutes ?? []).some((sub) => matchPath({ path: sub.path, end: true }, path)),
  );
}
