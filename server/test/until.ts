const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check` holds (asked every 10 ms), or rejects after `ms`: for a topic's tests. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  for (const end = Date.now() + ms; !(await check()); await pause(10)) {
    if (Date.now() > end) throw new Error(`never got there in ${ms} ms`);
  }
}

/**
 * The JSON a server answers at `url`, once it has it from its store: a process just started may
 * first answer 503 while it connects (as a page sees, and tries again). After `ms`, whatever it says.
 */
export async function jsonOnceLoaded<T>(url: string, ms = 5000): Promise<T> {
  for (const end = Date.now() + ms; ; await pause(20)) {
    const response = await fetch(url);
    if (response.status !== 503 || Date.now() > end) return (await response.json()) as T;
    await response.body?.cancel();
  }
}
