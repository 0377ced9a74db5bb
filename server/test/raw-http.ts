import { connect } from "node:net";

export interface RawExchange {
  /** Everything the server sent, as text. */
  text: string;
  /** The status of each response, in order. */
  statuses: number[];
  /** A socket error (ECONNRESET: the connection was torn down under the client), or null. */
  error: string | null;
  /** Whether the server closed the connection (FIN) before `waitMs` ran out. */
  closedByServer: boolean;
}

/**
 * Writes `chunks` to a raw TCP connection, byte for byte as given (nothing a client library would
 * fix up), and collects what comes back until the server closes, `responses` answers have arrived,
 * or `waitMs` passes.
 */
export function rawExchange(
  port: number,
  chunks: (string | Buffer)[],
  { waitMs = 3000, responses = Number.POSITIVE_INFINITY }: { waitMs?: number; responses?: number } = {},
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    let error: string | null = null;
    let closedByServer = false;
    const statuses = () => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, statuses: statuses(), error, closedByServer });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on("data", (data) => {
      text += data.toString("latin1");
      if (statuses().length >= responses && /\r\n\r\n/.test(text)) setTimeout(finish, 50);
    });
    socket.on("end", () => {
      closedByServer = true;
      finish();
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
      finish();
    });
    socket.on("connect", () => {
      for (const chunk of chunks) socket.write(chunk);
    });
  });
}

/** The first response in what a raw exchange got: its status, headers (names in lower case) and body. */
export function firstResponse(text: string): { status: number; headers: Record<string, string>; body: string } {
  const end = text.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = text.slice(0, end < 0 ? text.length : end).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = end < 0 ? "" : text.slice(end + 4);
  const length = headers["content-length"];
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0),
    headers,
    body: length === undefined ? rest : rest.slice(0, Number(length)),
  };
}
