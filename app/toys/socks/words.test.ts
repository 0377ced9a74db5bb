import { expect, it } from "vitest";
import { SOCKS, sockAlt } from "./words";

it("every sock has a unique id, a type, what it fits and a description of its picture", () => {
  expect(new Set(SOCKS.map((s) => s.id)).size).toBe(SOCKS.length);
  for (const sock of SOCKS) {
    expect(sock.type.length).toBeGreaterThan(0);
    expect(sock.fits.length).toBeGreaterThan(0);
    expect(sockAlt(sock)).toContain(sock.type);
  }
});
