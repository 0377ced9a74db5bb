import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import viteConfig from "../../vite.config.ts";
import { BUILD_TARGET, SUPPORTED_BROWSERS } from "./browsers.ts";

describe("the supported browsers", () => {
  it("are the client build's target", () => {
    expect(viteConfig.environments?.client?.build?.target).toEqual(BUILD_TARGET);
  });

  it("are named in the README, each with its first version", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const section = readme.slice(
      readme.indexOf("## Which browsers"),
      readme.indexOf("\n## ", readme.indexOf("## Which browsers") + 1),
    );
    for (const { name, version } of SUPPORTED_BROWSERS) expect(section).toContain(`${name} ${version}`);
  });
});
