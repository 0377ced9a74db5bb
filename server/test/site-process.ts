import { afterAll, beforeAll } from "vitest";
import { startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { makeSiteFixture } from "./site-fixture.ts";

type SiteProcess = Awaited<ReturnType<typeof startSiteProcess>>;

/**
 * The site's server (server/main.ts) in a process of its own, on the tiny fixture build with a data
 * folder of its own, for the tests of one file or `describe` block: started before them (with `env`
 * added), stopped and removed after them. A request that ended it would end only it.
 */
export function siteProcess(env: Record<string, string> = {}) {
  let site: ReturnType<typeof makeSiteFixture> | undefined;
  let running: SiteProcess | undefined;
  beforeAll(async () => {
    site = makeSiteFixture();
    running = await startSiteProcess({ SITE_DIR: site.client, COUNTER_DATA_DIR: site.dataDir, ...env });
  });
  afterAll(async () => {
    // A server that died says why.
    if (running && running.child.exitCode !== null) console.error(running.logs.slice(-20).join("\n"));
    if (running) await stopProcess(running.child);
    site?.remove();
  });
  const get = () => {
    if (!running) throw new Error("the site's server is not started yet (use it inside a test)");
    return running;
  };
  return {
    get origin() {
      return get().origin;
    },
    get port() {
      return get().port;
    },
    get child() {
      return get().child;
    },
    get logs() {
      return get().logs;
    },
    /** The fixture build it serves. */
    get site() {
      get();
      return site as ReturnType<typeof makeSiteFixture>;
    },
  };
}
