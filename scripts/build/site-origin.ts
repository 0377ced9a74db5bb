import { LOCAL_ORIGIN } from "../../app/kit/lib/site.ts";

/**
 * The site's public origin, for the links a page gives to the outside world (its social preview's
 * og:url and og:image must be absolute). Set SITE_ORIGIN when building for a real host; the default
 * is where `npm start` serves. A value that is not a URL stops the build.
 */
export function siteOrigin(value: string | undefined = process.env.SITE_ORIGIN): string {
  const origin = new URL(value || LOCAL_ORIGIN).origin;
  if (!/^https?:/.test(origin)) throw new Error(`SITE_ORIGIN must be an http(s) URL, not ${value}`);
  return origin;
}
