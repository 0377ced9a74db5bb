import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getToast } from "../ui/toast/toast-store";
import { registerServiceWorker } from "./service-worker";

type Listener = (event?: unknown) => void;

class FakeTarget {
  listeners = new Map<string, Listener[]>();
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

class FakeWorker extends FakeTarget {
  state = "installing";
  postMessage = vi.fn();
}

class FakeRegistration extends FakeTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
}

let container: FakeTarget & { controller: object | null; register: ReturnType<typeof vi.fn> };
let registration: FakeRegistration;
const reload = vi.fn();

beforeEach(() => {
  registration = new FakeRegistration();
  container = Object.assign(new FakeTarget(), {
    controller: {} as object | null,
    register: vi.fn(async () => registration),
  });
  Object.defineProperty(navigator, "serviceWorker", { value: container, configurable: true });
  Object.defineProperty(window, "location", { value: { ...window.location, reload }, configurable: true });
  Object.defineProperty(document, "readyState", { value: "complete", configurable: true });
});

afterEach(() => {
  reload.mockReset();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("registerServiceWorker", () => {
  it("registers /sw.js", async () => {
    registerServiceWorker();
    await settle();
    expect(container.register).toHaveBeenCalledWith("/sw.js");
  });

  it("offers a new version in a toast; Reload activates it and reloads the page", async () => {
    registerServiceWorker();
    await settle();
    const worker = new FakeWorker();
    registration.installing = worker;
    registration.emit("updatefound");
    worker.state = "installed";
    worker.emit("statechange");

    const shown = getToast();
    expect(shown?.title).toBe("A fresh batch of pointlessness");
    expect(shown?.duration).toBe(Number.POSITIVE_INFINITY);
    expect(shown?.action?.label).toBe("Reload");

    shown?.action?.onClick();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    container.emit("controllerchange");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not offer or reload on the very first install", async () => {
    container.controller = null;
    const before = getToast();
    registerServiceWorker();
    await settle();
    const worker = new FakeWorker();
    registration.installing = worker;
    registration.emit("updatefound");
    worker.state = "installed";
    worker.emit("statechange");
    container.emit("controllerchange");
    expect(getToast()).toBe(before);
    expect(reload).not.toHaveBeenCalled();
  });
});
