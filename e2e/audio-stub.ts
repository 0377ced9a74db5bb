import type { Page } from "@playwright/test";

/**
 * Replaces Web Audio with a recorder: every started source is pushed to `window.__sounds`
 * as { kind, frequency }. Lets tests hear without speakers.
 */
export async function recordSounds(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sounds: { kind: string; frequency?: number }[] = [];
    (window as unknown as { __sounds: typeof sounds }).__sounds = sounds;
    const param = () => ({
      value: 0,
      setValueAtTime(v: number) {
        this.value = v;
      },
      exponentialRampToValueAtTime() {},
      linearRampToValueAtTime() {},
    });
    const node = () => ({ connect: (next: unknown) => next, disconnect() {} });
    class FakeAudioContext {
      state = "running";
      currentTime = 0;
      sampleRate = 8000;
      destination = node();
      resume() {
        return Promise.resolve();
      }
      createOscillator() {
        const osc = {
          ...node(),
          type: "sine",
          frequency: param(),
          onended: null,
          start: () => sounds.push({ kind: `osc:${osc.type}`, frequency: osc.frequency.value }),
          stop() {},
        };
        return osc;
      }
      createGain() {
        return { ...node(), gain: param() };
      }
      createBiquadFilter() {
        return { ...node(), type: "lowpass", frequency: param(), Q: param() };
      }
      createBufferSource() {
        return {
          ...node(),
          buffer: null,
          loop: false,
          onended: null,
          start: () => sounds.push({ kind: "noise" }),
          stop() {},
        };
      }
      createBuffer(_c: number, length: number) {
        const data = new Float32Array(length);
        return { sampleRate: 8000, getChannelData: () => data };
      }
    }
    Object.defineProperty(window, "AudioContext", { value: FakeAudioContext, configurable: true, writable: true });
  });
}

export async function soundsPlayed(page: Page): Promise<{ kind: string; frequency?: number }[]> {
  return page.evaluate(() => (window as unknown as { __sounds: { kind: string; frequency?: number }[] }).__sounds);
}

/** Removes Web Audio entirely, as on an old or locked-down browser. */
export async function removeWebAudio(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(window, "AudioContext", { value: undefined, configurable: true });
    Object.defineProperty(window, "webkitAudioContext", { value: undefined, configurable: true });
  });
}

/**
 * A visitor who has not clicked, tapped or pressed a key yet: `navigator.userActivation` says so
 * until the first pointerdown or keydown, as in a real browser. (Playwright's own page calls count
 * as user gestures, so without this every test page is already "activated".)
 */
export async function withoutUserActivation(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = { hasBeenActive: false, isActive: false };
    Object.defineProperty(Navigator.prototype, "userActivation", { get: () => state, configurable: true });
    for (const type of ["pointerdown", "keydown"]) {
      window.addEventListener(type, () => Object.assign(state, { hasBeenActive: true, isActive: true }), true);
    }
  });
}
