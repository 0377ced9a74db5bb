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

/** The footer ends every page: the root layout holds the first paint until it is parsed. */
export const FOOTER_ID = "site-footer";

export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer id={FOOTER_ID} className="bg-black/25 px-4 py-4 text-center text-sm text-white">
      Made with love and zero purpose | Wasting your time since {year}
    </footer>
  );
}
