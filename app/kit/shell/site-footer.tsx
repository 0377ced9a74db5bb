import { useSyncExternalStore } from "react";

const noop = () => () => {};

/** The visitor's year; the pre-rendered HTML carries the build year and hydration swaps it if different. */
function useCurrentYear(): number {
  return useSyncExternalStore(
    noop,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

/**
 * The last element of every page's visible markup, at the end of the footer: the root layout holds
 * the first paint until it is parsed (`<link rel="expect">`). Chromium lets the paint go once the
 * element named is opened, not closed: named on the footer itself, a pause of the HTML (or of its
 * parser) inside the footer painted it with part of its text, or none, and its growth then moved it
 * (a layout shift of 0.004, one Lighthouse run in about 140).
 */
export const PAGE_END_ID = "page-end";

export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer className="bg-black/25 px-4 py-4 text-center text-sm text-white">
      Made with love and zero purpose | Wasting your time since {year}
      <span id={PAGE_END_ID} hidden />
    </footer>
  );
}
