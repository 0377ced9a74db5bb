/**
 * Files of the build that are not pages: the static hosts' `_headers`, their 404 page and the SPA
 * fallback (served only as the answer to an unknown path), with anything after their name.
 */
const HIDDEN = /^\/(_headers|404\.html|__spa-fallback\.html)([./]|$)/;

/** The longest file name Linux takes: a longer segment names no file. */
const MAX_SEGMENT_BYTES = 255;

/**
 * The one answer to "which file of the build is this path?" (the path of the request target,
 * without its query, as the client wrote it): the file's path inside the build ("/hi" and "/hi/"
 * -> "/hi/index.html", "/" -> "/index.html", "/assets/app.js" as it is), or null where no file of
 * the site could be meant. The server blocks, picks headers and serves by this answer alone, so
 * the three can never disagree about a path.
 *
 * Each segment is decoded once, on its own, so an encoded "/" ("%2f") stays inside its segment
 * and is refused there, and "%255F" is the name "%5F", never "_". Refused: an escape that is not
 * UTF-8, an empty segment ("//"), a segment starting with a dot ("." and "..", and hidden files),
 * one holding "/", "\" or a control character (NUL), one longer than a file name can be, a
 * precompressed copy asked for by name (".br", ".gz": they are served in place of their file), and
 * the host files above. A last segment with an extension is a file; without one ("/hi", "/index")
 * it is a folder whose page is its index.html, so "/index" is no page, and "/hi/index.html" is
 * /hi's.
 */
export function siteFileOf(pathname: string): string | null {
  if (!pathname.startsWith("/")) return null;
  const segments: string[] = [];
  const raw = pathname.slice(1).split("/");
  for (const [i, segment] of raw.entries()) {
    let name: string;
    try {
      name = decodeURIComponent(segment);
    } catch {
      return null;
    }
    const last = i === raw.length - 1;
    if (name === "" && last) break;
    if (!isFileName(name)) return null;
    segments.push(name);
  }
  const last = segments.at(-1);
  const file =
    last === undefined || pathname.endsWith("/") || !/\.\w+$/.test(last)
      ? `/${[...segments, "index.html"].join("/")}`
      : `/${segments.join("/")}`;
  return HIDDEN.test(file) || /\.(br|gz)$/.test(file) ? null : file;
}

function isFileName(name: string): boolean {
  if (name === "" || name.startsWith(".") || Buffer.byteLength(name) > MAX_SEGMENT_BYTES) return false;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    // A slash or a backslash (an encoded separator), or a control character (NUL among them).
    if (code === 0x2f || code === 0x5c || code < 0x20 || code === 0x7f) return false;
  }
  return true;
}
