import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { MAX_BODY_BYTES } from "../../contracts/clicks.ts";
import { errorText, type Logger, routeText } from "../ops/log.ts";
import type { SiteFiles } from "../static/static.ts";

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * Against slow clients: the headers within 10 s, the whole request within 30 s (Node checks both
 * every `checkEveryMs`), idle keep-alive 5 s, any silent socket 2 min.
 */
export const TIMEOUTS = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  idleSocketMs: 120_000,
  checkEveryMs: 30_000,
};
export type Timeouts = typeof TIMEOUTS;

/**
 * The answer to a request Node could not read or that took too long, by the parser's error code, as
 * Node's own default answers. A request timeout must be a 408: a browser sends a request on a
 * connection it opened ahead of time (a preconnect) and that sat idle; when the timeout check closes
 * that connection in the same instant, a 408 tells the browser to send the request again on a new
 * one (Chromium does), where a 400 would be taken as the answer and lose the request.
 */
function clientErrorStatus(code: string | undefined): string {
  switch (code) {
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return "408 Request Timeout";
    case "HPE_HEADER_OVERFLOW":
      return "431 Request Header Fields Too Large";
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return "413 Payload Too Large";
    default:
      return "400 Bad Request";
  }
}

/**
 * Requests one connection may have waiting for their answers at once. A browser sends one at a time
 * (none pipelines); a client that sends thousands without reading the answers would otherwise have
 * a response object and an open file stream each (about 350 MB for one connection, measured), so
 * past this many its connection is closed.
 */
export const MAX_PIPELINED = 32;

/** Paths the API answers; everything else is a file of the site or its 404 page. */
const isApi = (pathname: string) => pathname.startsWith("/api/") || pathname === "/healthz" || pathname === "/readyz";

/**
 * The path of a request target, without its query: "/hi?x" -> "/hi", and the absolute form a proxy
 * may send ("http://host/hi") -> "/hi". Null for anything else ("*", "hi", garbage).
 */
export function pathOf(target: string | undefined): string | null {
  if (!target) return null;
  let path = target;
  if (!path.startsWith("/")) {
    const absolute = /^https?:\/\/[^/?#]*([/?#].*)?$/i.exec(path);
    if (!absolute) return null;
    path = absolute[1] ?? "/";
    if (!path.startsWith("/")) path = `/${path}`;
  }
  return path.split(/[?#]/, 1)[0] as string;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...headers, "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(JSON.stringify(body));
}

/**
 * The site's one HTTP server: the files of the build and, with `api`, the API and health checks
 * (api.ts) on the same origin. Nothing a client sends ends it: a request line it cannot read
 * is a 400, an error nobody expected a 500 and a log line; a body declared larger than any route
 * takes is refused before it is read (and discarded, so the connection serves the next request);
 * slow clients meet the timeouts above.
 */
export function createSiteServer(
  files: SiteFiles,
  {
    api,
    upgrade,
    log,
    timeouts = TIMEOUTS,
  }: {
    api?: Listener;
    upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
    log?: Logger;
    timeouts?: Timeouts;
  } = {},
): Server {
  /**
   * The responses each connection owes (pipelined requests queue), at most MAX_PIPELINED: none may
   * have bytes written into it. Each set goes with its connection.
   */
  const owed = new WeakMap<Duplex, Set<ServerResponse>>();
  const midResponse = (socket: Duplex) => [...(owed.get(socket) ?? [])].some((res) => res.headersSent);

  function handle(req: IncomingMessage, res: ServerResponse): unknown {
    const pathname = pathOf(req.url);
    if (pathname === null) {
      sendJson(res, 400, { error: "The request target is not a path." });
      return;
    }
    if (log?.enabled("debug")) log.debug("request", { method: req.method, route: routeText(pathname) });
    // A proxy's absolute form ("http://host/hi?x") is served as the path it names.
    if (req.url && !req.url.startsWith("/")) {
      const rest = req.url.replace(/^https?:\/\/[^/?#]*/i, "");
      req.url = rest.startsWith("/") ? rest : `/${rest}`;
    }
    if (api && isApi(pathname)) {
      for (const [name, value] of Object.entries(files.responseHeaders)) res.setHeader(name, value);
      return withBody(req, res, () => api(req, res));
    }
    return files.serve(req, res, pathname);
  }

  /**
   * Reads an API request's body (every API body is small) before the API sees it. One larger than
   * MAX_BODY_BYTES, declared or sent, is a 413 at once; the rest of it is read and dropped, never
   * kept, so the connection goes on to the client's next request (the request timeout bounds how
   * long that may take).
   */
  function withBody(req: IncomingMessage, res: ServerResponse, next: () => unknown) {
    const declared = Number(req.headers["content-length"] ?? 0);
    const tooLarge = () => sendJson(res, 413, { error: `The body is larger than ${MAX_BODY_BYTES} bytes.` });
    if (declared > MAX_BODY_BYTES) {
      req.resume();
      tooLarge();
      return;
    }
    if (req.method === "GET" || req.method === "HEAD" || (declared === 0 && !req.headers["transfer-encoding"]))
      return next();
    const chunks: Buffer[] = [];
    let size = 0;
    return new Promise<void>((resolve, reject) => {
      req.on("data", (chunk: Buffer) => {
        if (size > MAX_BODY_BYTES) return;
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          chunks.length = 0;
          tooLarge();
          resolve();
        } else chunks.push(chunk);
      });
      req.once("end", () => {
        if (size > MAX_BODY_BYTES) return;
        // @hono/node-server takes a body already read from `rawBody`.
        (req as IncomingMessage & { rawBody?: Buffer }).rawBody = Buffer.concat(chunks);
        Promise.resolve(next()).then(() => resolve(), reject);
      });
      req.once("error", () => resolve());
    });
  }

  function fail(req: IncomingMessage, res: ServerResponse, error: unknown) {
    log?.error("request failed", { method: req.method, route: routeText(req.url), error: errorText(error) });
    if (res.headersSent) res.destroy();
    else sendJson(res, 500, { error: "Something went wrong on our side. Try again." });
  }

  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    (req, res) => {
      const responses = owed.get(req.socket) ?? new Set();
      if (responses.size >= MAX_PIPELINED) {
        req.socket.destroy();
        return;
      }
      owed.set(req.socket, responses.add(res));
      res.once("close", () => responses.delete(res));
      try {
        const result = handle(req, res);
        if (result instanceof Promise) result.catch((error: unknown) => fail(req, res, error));
      } catch (error) {
        fail(req, res, error);
      }
    },
  );
  // WebSocket upgrades go to the live channel (server/live/sockets.ts); anything else is refused.
  server.on("upgrade", (req, socket, head) => {
    socket.on("error", () => {});
    try {
      if (upgrade) upgrade(req, socket, head);
      else socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    } catch (error) {
      log?.error("upgrade failed", { route: routeText(req.url), error: errorText(error) });
      socket.destroy();
    }
  });
  // A socket that neither sends nor reads for two minutes is closed (live streams send a heartbeat).
  server.setTimeout(timeouts.idleSocketMs);
  // A request Node cannot parse, or one too slow: its 4xx where the socket still takes one, then the
  // connection closes; never a crash. A response already under way is cut off rather than have a
  // status line written into its body.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    log?.debug("unreadable request", { error: error.code ?? errorText(error) });
    if (socket.writable && !socket.destroyed && !midResponse(socket)) {
      const status = clientErrorStatus(error.code);
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    } else socket.destroy();
  });
  // Out of file descriptors under a flood (EMFILE), and the like: logged, and the server goes on.
  // (An address already in use at start is main.ts's to report.)
  server.on("error", (error: NodeJS.ErrnoException) => {
    log?.error("server error", { error: error.code ?? errorText(error) });
  });
  return server;
}
