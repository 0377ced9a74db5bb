// What the capacity bench reads of the machine it runs on: the load average, each core's busy
// time and each process's CPU time (/proc), which core a process may run on (taskset), and a
// server's metrics as Prometheus text.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

export const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

/**
 * Pins a running process, every thread of it, to `cores` (taskset, util-linux); tried again when
 * a thread ended while taskset went through them.
 */
export function pin(pid: number, cores: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync("taskset", ["-a", "-p", "-c", cores, String(pid)], { stdio: "ignore" });
      return;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
}

/** A process's CPU time so far, in the program and in the kernel, in clock ticks (1/100 s). */
export function processTimes(pid: number): [user: number, system: number] {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return [Number(fields[11]), Number(fields[12])];
}

/** Busy and total jiffies of each core (/proc/stat). */
export function coreTimes(): { busy: number; total: number }[] {
  return readFileSync("/proc/stat", "utf8")
    .split("\n")
    .filter((line) => /^cpu\d+ /.test(line))
    .map((line) => {
      const [user, nice, system, idle, iowait, irq, softirq, steal] = line
        .split(/\s+/)
        .slice(1, 9)
        .map(Number) as number[];
      const busy = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
      return { busy, total: busy + (idle ?? 0) + (iowait ?? 0) };
    });
}

/** A Prometheus text exposition's value for `name` (the first series), or NaN. */
export function metric(text: string, name: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : Number.NaN;
}

/** The processes whose parent is `pid` (nginx's workers under its master). */
export function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return Number(readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]?.split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * The first process whose command line (its words joined by spaces, or the title it gave itself:
 * redis-server shows "redis-server 127.0.0.1:port") contains `text`.
 */
export function processWith(text: string): number | undefined {
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, "utf8").replaceAll("\0", " ").includes(text)) return Number(name);
    } catch {}
  }
  return undefined;
}
