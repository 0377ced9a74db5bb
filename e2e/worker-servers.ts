/** A server a worker started for some of its tests: stopped when they are done. */
export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * The servers a Playwright worker started for the spec file it is running (the file's private
 * server, the global counter's), each under a name, started when a test first asks for it and
 * stopped when the worker goes on to another file (`enter`) or ends.
 *
 * One registry in the suite's base fixtures (e2e/fixtures.ts), for every spec: Playwright gives a
 * worker to each set of worker-scoped fixtures, and tells two sets apart by the identity of their
 * functions, so a worker fixture that `test.extend` made per file (a new function for each) gave
 * each such file a worker process and a Chromium of its own: 14 more of each in a run of the
 * suite, each started and stopped (2026-12-04). Stopped with their file, as they were with their
 * worker: an idle site server still takes about 12 ms of CPU a second.
 */
export class WorkerServers {
  #file = "";
  readonly #running = new Map<string, Promise<Stoppable>>();

  /** As each test begins: the servers of the file before it, if another, are stopped. */
  async enter(file: string): Promise<void> {
    if (file === this.#file) return;
    this.#file = file;
    await this.stopAll();
  }

  /**
   * The server `name` of `file` (the test's), started by `start` if it has none yet (or its start
   * failed); the servers of the file before it, if another, are stopped first.
   */
  async get<T extends Stoppable>(file: string, name: string, start: () => Promise<T>): Promise<T> {
    // Here, not only in the suite's auto fixture: Playwright resolves `baseURL` (which asks for the
    // server) for its own fixtures before the suite's auto fixtures run.
    await this.enter(file);
    let server = this.#running.get(name) as Promise<T> | undefined;
    if (!server) {
      const starting = start();
      this.#running.set(name, starting);
      // A start that failed fails the test that asked; the next one tries again.
      starting.catch(() => {
        if (this.#running.get(name) === starting) this.#running.delete(name);
      });
      server = starting;
    }
    return server;
  }

  /** Stops and forgets every server; one that fails to stop does not keep the others running. */
  async stopAll(): Promise<void> {
    const stopping = [...this.#running.values()];
    this.#running.clear();
    const stopped = await Promise.allSettled(
      stopping.map(async (server) => (await server.catch(() => undefined))?.stop()),
    );
    const failed = stopped.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    if (failed.length > 0) throw new AggregateError(failed, "a server of the worker's tests did not stop");
  }
}
