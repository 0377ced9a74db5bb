import type { Stats } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { pipeline } from "node:stream";
import { lookup } from "mrmime";
import parseRange from "range-parser";

/** Errors that mean "no such file here": the next copy is tried, or the path is a 404. */
const MISSING = new Set(["ENOENT", "ENOTDIR", "EISDIR", "ENAMETOOLONG"]);

/** The precompressed copies the build writes beside each text file, best first. */
const COPIES = [
  { suffix: ".br", coding: "br" },
  { suffix: ".gz", coding: "gzip" },
] as const;

/**
 * Whether an Accept-Encoding header takes `coding`: named with a weight above 0, or "*" when it is
 * not named ("br;q=0" refuses it).
 */
export function acceptsCoding(header: string | undefined, coding: string): boolean {
  let star = false;
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding) return accepted;
    if (name === "*") star = accepted;
  }
  return star;
}

interface Opened {
  handle: FileHandle;
  stats: Stats;
  coding?: string;
}

/**
 * Opens the best copy of `file` the client takes (brotli, gzip, the file itself), or null when none
 * is there (or what is there is no file: a folder left by a deploy). Opening first and reading the
 * size from the open file means the length sent is the length read, even while a deploy rewrites
 * the file. Any other error (EMFILE, EACCES, EIO) is thrown.
 */
async function openBest(root: string, file: string, acceptEncoding: string | undefined): Promise<Opened | null> {
  const copies = [
    ...COPIES.filter((copy) => acceptsCoding(acceptEncoding, copy.coding)),
    { suffix: "", coding: undefined },
  ];
  for (const { suffix, coding } of copies) {
    let handle: FileHandle;
    try {
      handle = await open(join(root, file + suffix), "r");
    } catch (error) {
      if (MISSING.has((error as NodeJS.ErrnoException).code ?? "")) continue;
      throw error;
    }
    try {
      const stats = await handle.stat();
      if (stats.isFile()) return { handle, stats, coding };
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
    await handle.close().catch(() => {});
  }
  return null;
}

/** Whether the client's copy, named by If-None-Match (or dated by If-Modified-Since), is this one. */
function unchanged(req: IncomingMessage, etag: string, mtime: Date): boolean {
  const noneMatch = req.headers["if-none-match"];
  if (noneMatch !== undefined) {
    const weak = (tag: string) => tag.trim().replace(/^W\//, "");
    return noneMatch.split(",").some((tag) => tag.trim() === "*" || weak(tag) === weak(etag));
  }
  const since = Date.parse(req.headers["if-modified-since"] ?? "");
  return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

/** The one byte range asked for, if the client asked for exactly one the file has; "unsatisfiable" past its end. */
function byteRange(req: IncomingMessage, size: number, etag: string | null) {
  const range = req.headers.range;
  const ifRange = req.headers["if-range"];
  if (req.method !== "GET" || range === undefined || (ifRange !== undefined && ifRange !== etag)) return null;
  const ranges = parseRange(size, range, { combine: true });
  if (ranges === -1) return "unsatisfiable";
  // Malformed, another unit, or several ranges: the whole file, as RFC 9110 allows.
  if (ranges === -2 || ranges.type !== "bytes" || ranges.length !== 1) return null;
  return ranges[0] ?? null;
}

/**
 * Answers a GET or HEAD with `file` (a path inside `root`, from siteFileOf): the copy the client
 * takes, its type, length, ETag and Last-Modified, Vary, a 304 when the client has it, one byte
 * range when asked. `headers` are set on every answer (the caller's security and cache headers).
 * Without `validators` (a file whose name changes with its content, cached as immutable), no ETag
 * or Last-Modified is sent and no copy is taken for the client's: nothing ever asks again for such
 * a file, and the two headers were 77 bytes of every script a page loads.
 * Resolves "missing" without answering when no copy of the file is there; rejects, without
 * answering, when a copy cannot be opened (EMFILE, EACCES). A read that fails once the answer is
 * under way (a disk error) ends the response and is passed to `onReadError`.
 */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  {
    root,
    file,
    headers,
    validators = true,
    onReadError,
  }: {
    root: string;
    file: string;
    headers: Record<string, string>;
    validators?: boolean;
    onReadError: (error: NodeJS.ErrnoException) => void;
  },
): Promise<"sent" | "missing"> {
  const opened = await openBest(root, file, req.headers["accept-encoding"]);
  if (!opened) return "missing";
  const { handle, stats, coding } = opened;
  // A client gone while the file was being opened: nothing to send, and the file is closed here.
  // pipeline() throws for a response already destroyed, and the read stream it was given kept the
  // file open until the garbage collector found it: a client that hung up at once cost a file
  // descriptor and an error line each (static-missing.test.ts). Nothing below awaits before
  // the pipeline but the branches that close the file and return.
  if (res.destroyed) {
    await handle.close().catch(() => {});
    return "sent";
  }
  const etag = `W/"${stats.size}-${stats.mtime.getTime()}"`;
  const answer = new Map([...Object.entries(headers), ["Vary", "Accept-Encoding"]]);
  if (validators) answer.set("ETag", etag).set("Last-Modified", stats.mtime.toUTCString());
  res.setHeaders(answer);
  if (validators && unchanged(req, etag, stats.mtime)) {
    await handle.close().catch(() => {});
    res.writeHead(304).end();
    return "sent";
  }
  const type = lookup(file) ?? "application/octet-stream";
  res.setHeader("Content-Type", type === "text/html" ? "text/html; charset=utf-8" : type);
  if (coding) res.setHeader("Content-Encoding", coding);

  const range = byteRange(req, stats.size, validators ? etag : null);
  if (range === "unsatisfiable") {
    await handle.close().catch(() => {});
    res.removeHeader("Content-Encoding");
    res.writeHead(416, { "Content-Range": `bytes */${stats.size}`, "Content-Length": 0 }).end();
    return "sent";
  }
  const [start, end] = range ? [range.start, range.end] : [0, stats.size - 1];
  res.setHeader("Content-Length", end - start + 1);
  if (range) res.setHeader("Content-Range", `bytes ${start}-${end}/${stats.size}`);
  res.writeHead(range ? 206 : 200);
  if (req.method === "HEAD" || stats.size === 0) {
    await handle.close().catch(() => {});
    res.end();
    return "sent";
  }
  // The stream closes the file when it ends, fails, or the client goes; a failed read (not a
  // client gone) is reported, and the response is cut short rather than left waiting.
  const stream = handle.createReadStream({ start, end });
  // A file cut short while it is sent (a deploy rewriting it in place) ends before the length
  // promised: the connection is closed, so the client cannot take the next answer for the rest.
  stream.once("end", () => {
    if (stream.bytesRead < end - start + 1) res.destroy();
  });
  pipeline(stream, res, (error) => {
    if (error && (error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE")
      onReadError(error as NodeJS.ErrnoException);
  });
  return "sent";
}
