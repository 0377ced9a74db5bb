/** The social preview image's size (Open Graph's and X's large card: 1.91 to 1). */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** Where the build writes a page's preview image (scripts/build/share-images.ts): "/" -> "/og/index.png". */
export function shareImagePath(path: string): string {
  return `/og/${path === "/" ? "index" : path.replace(/^\/+|\/+$/g, "")}.png`;
}
