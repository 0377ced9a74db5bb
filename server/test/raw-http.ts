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
