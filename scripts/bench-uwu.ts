// Benchmark: the UwU translator on 200 KB of text must take well under 50 ms (median of 15 runs).
import { seededRandom } from "../app/kit/lib/random.ts";
import { uwuify } from "../app/toys/uwu/logic.ts";

export const UWU_BUDGET_MS = 50;

export function benchUwu(runs = 15): number {
  const sample = "Hello! I really love the lovely rain in November, and nobody knows why. Ever onward! ";
  const text = sample.repeat(Math.ceil((200 * 1024) / sample.length)).slice(0, 200 * 1024);
  const random = seededRandom(1);
  const times: number[] = [];
  uwuify(text, random); // warm up
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    uwuify(text, random);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

if (import.meta.main) {
  const median = benchUwu();
  const ok = median < UWU_BUDGET_MS;
  console.log(
    `uwu: 200 KB translated in ${median.toFixed(1)} ms (median), budget ${UWU_BUDGET_MS} ms: ${ok ? "ok" : "OVER"}`,
  );
  if (!ok) process.exit(1);
}
