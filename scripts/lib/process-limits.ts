// What a process on this machine may hold and holds: its open-file limit, raised to what the
// system allows it (never the system's), and a process's resident memory.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * Raises this process's open-file limit to its hard limit (children inherit it); returns the limit
 * it has afterwards. Thousands of sockets on both ends of a loopback test need it.
 */
export function raiseOpenFileLimit(): number {
  const [soft, hard] = (/Max open files\s+(\d+)\s+(\d+)/.exec(readFileSync("/proc/self/limits", "utf8")) ?? [])
    .slice(1)
    .map(Number) as [number, number];
  if (soft >= hard) return soft;
  try {
    execFileSync("prlimit", ["--pid", String(process.pid), `--nofile=${hard}:${hard}`]);
    return hard;
  } catch {
    return soft;
  }
}

/** A process's resident memory, in MB (0 once it is gone). */
export function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The CPU time a process has used, in clock ticks (hundredths of a second), user and system. */
export function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return Number(fields[11]) + Number(fields[12]);
}
