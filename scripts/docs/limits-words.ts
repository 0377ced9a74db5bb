// How docs/live.md's table of limits writes a number it reads from the code (limits-table.ts):
// a setting's default as the server parses it, a rate, a size, a duration, a close code.
import { CLOSE, type MessageLimit } from "../../contracts/live.ts";
import { EnvSchema } from "../../server/ops/config.ts";

export type Setting = keyof typeof EnvSchema.entries;

/** A setting's default, as the environment would write it. */
const fallback = (name: Setting) => String((EnvSchema.entries[name] as { default?: unknown }).default);

/** A number as the docs write it: 10,000; 1.5. */
export const count = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 2 });

/** A whole-number setting's default. */
export const settingNumber = (name: Setting) => Number(fallback(name));

/** A "burst/perMinute" setting's default, per second. */
export function settingRate(name: Setting): MessageLimit {
  const [burst, perMinute] = fallback(name).split("/").map(Number) as [number, number];
  return { burst, perSecond: perMinute / 60 };
}

/** `burst` at once, then `perSecond`: "30 at once, then 15 a second". */
export const rate = ({ burst, perSecond }: MessageLimit, size: (n: number) => string = count) =>
  `${size(burst)} at once, then ${size(perSecond)} a second`;

/** A size in bytes: "2 KB", "1 MB". */
export function bytes(value: number): string {
  if (value >= 1024 * 1024 && value % (1024 * 1024) === 0) return `${count(value / (1024 * 1024))} MB`;
  if (value >= 1024 && value % 1024 === 0) return `${count(value / 1024)} KB`;
  return `${count(value)} bytes`;
}

/** A duration in milliseconds, in words: "10 s", "a minute", "an hour", "30 days". */
export function duration(ms: number): string {
  const units: [number, string, string][] = [
    [24 * 3600_000, "a day", "days"],
    [3600_000, "an hour", "hours"],
    [60_000, "a minute", "minutes"],
  ];
  for (const [size, one, many] of units) {
    if (ms >= size && ms % size === 0) return ms === size ? one : `${count(ms / size)} ${many}`;
  }
  return `${count(ms / 1000)} s`;
}

/** A close code and what it means to a page. */
export const close = (name: keyof typeof CLOSE) => `close ${CLOSE[name]}`;

/** A name in the code, as the table quotes it. */
export const code = (name: string) => `\`${name}\``;
