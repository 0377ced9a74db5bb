import { once } from "node:events";
import type { IncomingMessage } from "node:http";
import { Duplex } from "node:stream";
import { expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { createLogger } from "../ops/log.ts";
import { createRefusals, FULL, MAX_REFUSING } from "./refusals.ts";

/**
 * Issue 66: the fleet-cap refusal told "busy" a socket that had hung up while the fleet's caps were
 * asked; its close had come already, so it was counted as refusing for good, and past MAX_REFUSING
 * of them every refusal was a bare HTTP 503.
 */
const upgradeRequest = {
  method: "GET",
  headers: {
    upgrade: "websocket",
    connection: "Upgrade",
    "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
    "sec-websocket-version": "13",
  },
} as unknown as IncomingMessage;

const socket = () =>
  new Duplex({
    read() {},
    write(_chunk, _encoding, done) {
      done();
    },
  });

it("a socket gone before it is told busy is not counted as refusing", async () => {
  const wss = new WebSocketServer({ noServer: true });
  const refusals = createRefusals({ wss, log: createLogger("error", () => {}) });
  try {
    for (let k = 0; k < MAX_REFUSING + 10; k++) {
      const gone = socket();
      gone.destroy();
      await once(gone, "close");
      refusals.refuseBusy(
        upgradeRequest,
        gone,
        Buffer.alloc(0),
        "per-address-fleet",
        FULL,
        10_000,
        `10.0.${k >> 8}.${k & 255}`,
      );
    }
    expect(refusals.crowded()).toBe(false);
    // One still there is told, and counted until it closes.
    const there = socket();
    const written: string[] = [];
    there._write = (chunk, _encoding, done) => {
      written.push(String(chunk));
      done();
    };
    refusals.refuseBusy(upgradeRequest, there, Buffer.alloc(0), "full", FULL, 10_000, "10.9.9.9");
    expect(written.join("")).toContain("101 Switching Protocols");
  } finally {
    refusals.stop();
    wss.close();
  }
});
