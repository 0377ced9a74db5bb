import { hasUserActivation } from "./activation";
import type { NoiseOptions, PluckOptions, ToneOptions } from "./engine";
import { isMuted } from "./mute";

/**
 * What toys call to make noise. The Web Audio engine itself is a separate chunk, fetched on the
 * visitor's first press on a page with a sound control (see MuteToggle) or with the first sound at
 * the latest, so pages pay nothing for sound on a cold load. Browsers allow audio only after a
 * press anyway. Calls made while it loads play once it is there.
 */
type Engine = typeof import("./engine");

let engine: Engine | undefined;
let loading: Promise<Engine> | undefined;

/** How long the engine waits for the audio output at most (see audioOutputReady). */
export const AUDIO_OUTPUT_WAIT_MS = 300;

/**
 * Chromium readies the audio output inside `new AudioContext()`, on the main thread: the first
 * context of a browser session waited there 45-135 ms for the audio service to start (Chromium
 * 156), a frozen frame in a page's first sound. Asking for the list of media devices starts it off
 * the main thread (the context then took 5-6 ms), and needs no permission: the engine counts as
 * loaded once the list has come, failed, or AUDIO_OUTPUT_WAIT_MS have passed.
 */
function audioOutputReady(): Promise<unknown> {
  try {
    const list = globalThis.navigator?.mediaDevices?.enumerateDevices?.();
    if (!list) return Promise.resolve();
    // The wait's timer goes with the answer: nothing of a page left later is pending on it.
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, AUDIO_OUTPUT_WAIT_MS);
      list
        .catch(() => {})
        .then(() => {
          clearTimeout(timer);
          resolve();
        });
    });
  } catch {
    return Promise.resolve();
  }
}

function loadEngine(): Promise<Engine> {
  loading ??= Promise.all([import("./engine"), audioOutputReady()]).then(([module]) => {
    engine = module;
    return module;
  });
  return loading;
}

function withEngine(play: (e: Engine) => void): void {
  // Before the visitor's first press the browser keeps audio off: the sound is dropped now, not
  // queued behind the engine's download to burst out after the press.
  if (isMuted() || !hasUserActivation()) return;
  if (engine) {
    play(engine);
    return;
  }
  loadEngine()
    .then(play)
    .catch(() => {
      loading = undefined; // offline or a new deploy: the next sound tries again
    });
}

/**
 * Starts fetching the engine at the visitor's first press, so the first sound is instant; once it
 * is there (in the task that evaluated it, after the press's handlers), the audio context is made,
 * not in the first sound's handler. No timer: a page left before it fired would keep it pending.
 */
export function preloadSound(): void {
  loadEngine().then(
    (e) => e.warmUp(),
    () => {
      loading = undefined;
    },
  );
}

export const playTone = (options: ToneOptions) => withEngine((e) => e.playTone(options));
export const playNoise = (options?: NoiseOptions) => withEngine((e) => e.playNoise(options));
export const playPluck = (options: PluckOptions) => withEngine((e) => e.playPluck(options));
