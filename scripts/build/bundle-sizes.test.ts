import { describe, expect, it } from "vitest";
import { pageModules } from "./bundle-sizes.ts";
import { deferBootstrap } from "./html.ts";

const page = `<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
import * as route1 from "/assets/route-3.js";
window.__reactRouterRouteModules = {"root":route0,"toys/hi/route":route1};
import("/assets/entry.client-4.js");</script>`;

describe("pageModules", () => {
  it("splits the bootstrap's modules into the shell's and the route's", () => {
    const built = deferBootstrap(page, (urls) => urls);
    expect(pageModules(built)).toEqual({
      shell: ["/assets/manifest-1.js", "/assets/root-2.js", "/assets/entry.client-4.js"],
      route: ["/assets/route-3.js"],
    });
  });

  it("refuses a page without a bootstrap, naming it, rather than count its JavaScript as none", () => {
    expect(() => pageModules("<p>hi</p>", "hi/index.html")).toThrow(/^hi\/index\.html has no bootstrap plan/);
  });
});
