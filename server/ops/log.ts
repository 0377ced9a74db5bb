/**
 * One JSON line per event worth an operator's attention, on stdout: `level`, `time`, `msg`, and the
 * fields given (a route, a store's name, an error's message). Never a body, never a whole client
 * address (`maskAddress` in client-address.ts). `LOG_LEVEL` (debug, info, warn, error; default info) sets how much:
 * ordinary requests are logged only at debug. A dozen lines instead of pino: the server writes a
 * handful of lines a day, not thousands a second (docs/decisions/0001-logging.md).
 */
export type Level = "debug" | "info" | "warn" | "error";
const RANK: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type Fields = Record<string, string | number | boolean | undefined>;

export interface Logger {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
  enabled(level: Level): boolean;
}

export function createLogger(
  level: string | undefined = process.env.LOG_LEVEL,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const min = RANK[(level ?? "info") as Level] ?? RANK.info;
  const log =
    (at: Level) =>
    (msg: string, fields: Fields = {}) => {
      if (RANK[at] < min) return;
      write(JSON.stringify({ level: at, time: new Date().toISOString(), msg, ...fields }));
    };
  return {
    debug: log("debug"),
    info: log("info"),
    warn: log("warn"),
    error: log("error"),
    enabled: (at) => RANK[at] >= min,
  };
}

/** An error's message, cut short: enough to recognise it, never a stack full of paths. */
export const errorText = (error: unknown) => String(error instanceof Error ? error.message : error).slice(0, 200);

/** A route for a log line: the path only (no query), at most 100 characters, nothing unprintable. */
export const routeText = (url: string | undefined) =>
  (url ?? "")
    .split("?")[0]
    ?.replace(/[^\x21-\x7e]/g, "?")
    .slice(0, 100) ?? "";
