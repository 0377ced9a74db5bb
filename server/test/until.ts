const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check` holds (asked every 10 ms), or rejects after `ms`: for a topic's tests. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  for (const end = Date.now() + ms; !(await check()); await pause(10)) {
    if (Date.now() > end) throw new Error(`never got there in ${ms} ms`);
  }
}
