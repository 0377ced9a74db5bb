import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The server's root holds main.ts and folders ("rooms") only, and each room says what it is for in
 * a README.md of one or two lines, so a newcomer finds any part of the server by reading them.
 */
const SERVER = join(import.meta.dirname, "..");

describe("the server's rooms", () => {
  const entries = readdirSync(SERVER);
  const rooms = entries.filter((name) => statSync(join(SERVER, name)).isDirectory());

  it("the root holds main.ts and folders, nothing else", () => {
    expect(entries.filter((name) => !rooms.includes(name))).toEqual(["main.ts"]);
  });

  it("each folder says its purpose in a README.md of one or two lines", () => {
    expect(rooms.length).toBeGreaterThan(5);
    for (const room of rooms) {
      const readme = join(SERVER, room, "README.md");
      const lines = readFileSync(readme, "utf8").trim().split("\n");
      expect(lines.length, readme).toBeLessThanOrEqual(2);
      expect(lines.join(" ").length, readme).toBeGreaterThan(20);
    }
  });
});
