import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, MAX_CLICKS_PER_SEND } from "../../contracts/clicks.ts";
import { counterOnEachTest, newDevice, stores } from "./test-api.ts";

/** What the counter's API counts, on each store (its memory of devices: device-memory.test.ts). */
describe.each(stores)("the counter API on %s", (_, open) => {
  const { at, post, total } = counterOnEachTest(open);

  it("starts at 0, counts a send, and says the new total and what the device has had counted", async () => {
    expect(await total()).toBe(0);
    const response = await post({ device: newDevice(), from: 0, to: 7 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ total: 7, counted: 7, acked: 7 });
    expect(await total()).toBe(7);
  });

  it("counts a send repeated once, and a send that grew by what it grew", async () => {
    const device = newDevice();
    await post({ device, from: 0, to: 5 });
    // The answer was lost; the page sends the same range again, and more clicks since.
    expect(await (await post({ device, from: 0, to: 5 })).json()).toEqual({ total: 5, counted: 0, acked: 5 });
    expect(await (await post({ device, from: 0, to: 8 })).json()).toEqual({ total: 8, counted: 3, acked: 8 });
    // An old send arriving late changes nothing.
    expect(await (await post({ device, from: 0, to: 2 })).json()).toEqual({ total: 8, counted: 0, acked: 8 });
    expect(await (await post({ device, from: 8, to: 9 })).json()).toEqual({ total: 9, counted: 1, acked: 9 });
    // Another device counts on its own.
    expect(await (await post({ device: newDevice(), from: 0, to: 2 })).json()).toEqual({
      total: 11,
      counted: 2,
      acked: 2,
    });
  });

  it("trusts where a device it does not remember says it left off", async () => {
    // A device forgotten (idle for a month) whose first 40 clicks were counted long ago.
    expect(await (await post({ device: newDevice(), from: 40, to: 43 })).json()).toEqual({
      total: 3,
      counted: 3,
      acked: 43,
    });
  });

  it("refuses to be asked about something that is not a device id", async () => {
    for (const query of ["device=short", "device=has%20spaces%20and%20%3Cscript%3E", "device=", "device=a&device=b"]) {
      const response = await at.api.app.request(`/api/clicks?${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/device/);
    }
    const both = await at.api.app.request(`/api/clicks?device=${newDevice()}&batch=legacy-batch-0001`);
    expect(both.status).toBe(400);
  });

  it("counts at most what a person can click between two sends, and the rest on the next ones", async () => {
    const device = newDevice();
    const first = await post({ device, from: 0, to: 10_000 });
    expect(await first.json()).toEqual({ total: MAX_CLICKS_PER_SEND, counted: MAX_CLICKS_PER_SEND, acked: 50 });
    const second = await post({ device, from: 50, to: 10_000 });
    expect(await second.json()).toEqual({ total: 100, counted: 50, acked: 100 });
  });

  it("still counts a page of the first version once: a batch is a device that sends once", async () => {
    const first = await post({ batch: "legacy-batch-0001", clicks: 3 });
    expect(await first.json()).toEqual({ total: 3, counted: 3, clipped: false });
    const replay = await post({ batch: "legacy-batch-0001", clicks: 3 });
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual({ error: "This batch was already counted.", total: 3 });
    const asked = await at.api.app.request("/api/clicks?batch=legacy-batch-0001");
    expect(asked.headers.get("cache-control")).toBe("no-store");
    expect(await asked.json()).toEqual({ total: 3, counted: true });
    expect(await (await at.api.app.request("/api/clicks?batch=legacy-batch-0002")).json()).toEqual({
      total: 3,
      counted: false,
    });
    expect((await at.api.app.request("/api/clicks?batch=not%20an%20id!")).status).toBe(400);
    expect(await (await post({ batch: "legacy-batch-0003", clicks: 80 })).json()).toEqual({
      total: 53,
      counted: 50,
      clipped: true,
    });
  });

  it("answers every malformed request with a 4xx and a JSON error, and the total never moves", async () => {
    const device = newDevice();
    await post({ device, from: 0, to: 3 });
    const refusals: [Response, number][] = [
      [await post("this is not json"), 400],
      [await post(""), 400],
      [await post("null"), 400],
      [await post("[1, 2, 3]"), 400],
      [await post({ device, from: 3, to: 3 }), 400],
      [await post({ device, from: 5, to: 4 }), 400],
      [await post({ device, from: -5, to: 4 }), 400],
      [await post({ device, from: 3, to: 4.5 }), 400],
      [await post({ device, from: "3", to: 4 }), 400],
      [await post({ device, from: 3, to: 1e300 }), 400],
      [await post({ device, to: 4 }), 400],
      [await post({ from: 3, to: 4 }), 400],
      [await post({ device: "short", from: 3, to: 4 }), 400],
      [await post({ device: "has spaces and <script>!", from: 3, to: 4 }), 400],
      [await post({ device, from: 3, to: 4, total: -1_000_000 }), 400],
      [await post({ batch: "legacy-batch-0001", clicks: -3 }), 400],
      [await post({ device, from: 3, to: 4 }, { "Content-Type": "text/plain" }), 415],
      [await post({ device, from: 3, to: 4, padding: "y".repeat(MAX_BODY_BYTES) }), 413],
      [await at.api.app.request("/api/clicks", { method: "DELETE" }), 405],
      [await at.api.app.request("/api/clicks", { method: "PUT", body: "{}" }), 405],
      [await at.api.app.request("/api/anything-else"), 404],
    ];
    for (const [response, status] of refusals) {
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      const body = (await response.json()) as { error?: unknown };
      expect(typeof body.error).toBe("string");
    }
    expect(await total()).toBe(3);
  });

  it("adds up concurrent sends exactly, repeats and all", async () => {
    const devices = Array.from({ length: 20 }, newDevice);
    const sends = devices.flatMap((device, i) =>
      // Each device's sends arrive in any order, some twice.
      [3, 1, 3, 2, 5].map((to) => ({ device, from: 0, to: to + (i % 3) })),
    );
    const responses = await Promise.all(sends.map((send) => post(send)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const expected = devices.reduce((sum, _, i) => sum + 5 + (i % 3), 0);
    expect(await total()).toBe(expected);
  });

  it("lets a CDN keep the total for two seconds, and never the answer to a send", async () => {
    const get = await at.api.app.request("/api/clicks");
    expect(get.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=2");
    expect(get.headers.get("set-cookie")).toBeNull();
    const posted = await post({ device: newDevice(), from: 0, to: 1 });
    expect(posted.headers.get("cache-control")).toBe("no-store");
    expect(posted.headers.get("set-cookie")).toBeNull();
  });
});
