import { hasUserActivation } from "./activation";
import { isMuted } from "./mute";

/**
 * The site's one Web Audio engine. The AudioContext is created once the visitor has clicked, tapped
 * or pressed a key (before that, browsers keep it suspended and sounds are dropped, see
 * activation.ts): by `warmUp` as soon as the engine has loaded (on a page with the mute button,
 * sound.ts fetches it at the first press), else by the first sound. It is resumed when the browser
 * suspended it, and every call is silent and error-free where Web Audio is missing or broken, or
 * when the site is muted.
 */

type AudioContextCtor = new () => AudioContext;

let context: AudioContext | null | undefined;
let noiseBuffer: AudioBuffer | undefined;

function getContext(): AudioContext | null {
  if (!hasUserActivation()) return null;
  if (context === undefined) {
    try {
      const g = globalThis as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor };
      const Ctor = g.AudioContext ?? g.webkitAudioContext;
      context = Ctor ? new Ctor() : null;
    } catch {
      context = null;
    }
  }
  if (context && context.state === "suspended") context.resume().catch(() => {});
  return context;
}

/**
 * Makes the context ahead of the first sound (once the visitor has pressed, unless muted), so that
 * the first sound's handler does not: a new AudioContext took about 100 ms in headless Chromium,
 * inside the first clap's `pointermove`. Called by sound.ts once the engine has loaded.
 */
export function warmUp(): void {
  if (isMuted()) return;
  try {
    getContext();
  } catch {
    // The first sound tries again.
  }
}

/** Runs `play` with a live context unless muted or unsupported; swallows any audio error. */
function withAudio(play: (ctx: AudioContext) => void): void {
  if (isMuted()) return;
  try {
    const ctx = getContext();
    if (ctx) play(ctx);
  } catch {
    // A sound is never worth a crash.
  }
}

/** A gain node with a quick attack and an exponential decay over `duration` seconds. */
function envelope(ctx: AudioContext, volume: number, duration: number): GainNode {
  const gain = ctx.createGain();
  const now = ctx.currentTime;
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(Math.max(volume, 0.0002), now + Math.min(0.01, duration / 4));
  gain.gain.exponentialRampToValueAtTime(0.0001, now + duration);
  gain.connect(ctx.destination);
  return gain;
}

/** Starts a source for `duration` seconds and disconnects the chain when it ends. */
function run(source: AudioScheduledSourceNode, nodes: AudioNode[], ctx: AudioContext, duration: number): void {
  source.onended = () => {
    for (const node of [source, ...nodes]) node.disconnect();
  };
  source.start(ctx.currentTime);
  source.stop(ctx.currentTime + duration);
}

export interface ToneOptions {
  frequency: number;
  /** Seconds. */
  duration?: number;
  type?: OscillatorType;
  volume?: number;
  /** Slide to this frequency over the duration (a shriek, a whistle). */
  glideTo?: number;
}

export function playTone({ frequency, duration = 0.2, type = "sine", volume = 0.2, glideTo }: ToneOptions): void {
  withAudio((ctx) => {
    const osc = ctx.createOscillator();
    osc.type = type;
    osc.frequency.setValueAtTime(frequency, ctx.currentTime);
    if (glideTo) osc.frequency.exponentialRampToValueAtTime(glideTo, ctx.currentTime + duration);
    const gain = envelope(ctx, volume, duration);
    osc.connect(gain);
    run(osc, [gain], ctx, duration);
  });
}

export interface NoiseOptions {
  /** Seconds. */
  duration?: number;
  volume?: number;
  filter?: BiquadFilterType;
  /** Filter frequency in Hz. */
  frequency?: number;
  q?: number;
}

function getNoiseBuffer(ctx: AudioContext): AudioBuffer {
  if (!noiseBuffer || noiseBuffer.sampleRate !== ctx.sampleRate) {
    noiseBuffer = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
    const data = noiseBuffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  }
  return noiseBuffer;
}

/** A burst of filtered white noise (a clap, a hiss, a pop). */
export function playNoise({
  duration = 0.1,
  volume = 0.3,
  filter = "bandpass",
  frequency = 1500,
  q = 1,
}: NoiseOptions = {}): void {
  withAudio((ctx) => {
    const source = ctx.createBufferSource();
    source.buffer = getNoiseBuffer(ctx);
    source.loop = true;
    const biquad = ctx.createBiquadFilter();
    biquad.type = filter;
    biquad.frequency.value = frequency;
    biquad.Q.value = q;
    const gain = envelope(ctx, volume, duration);
    source.connect(biquad).connect(gain);
    run(source, [biquad, gain], ctx, duration);
  });
}

export interface PluckOptions {
  frequency: number;
  duration?: number;
  volume?: number;
}

/** A plucked string: a bright sawtooth whose filter closes as it decays. */
export function playPluck({ frequency, duration = 0.6, volume = 0.2 }: PluckOptions): void {
  withAudio((ctx) => {
    const osc = ctx.createOscillator();
    osc.type = "sawtooth";
    osc.frequency.value = frequency;
    const lowpass = ctx.createBiquadFilter();
    lowpass.type = "lowpass";
    lowpass.frequency.setValueAtTime(frequency * 8, ctx.currentTime);
    lowpass.frequency.exponentialRampToValueAtTime(frequency, ctx.currentTime + duration);
    const gain = envelope(ctx, volume, duration);
    osc.connect(lowpass).connect(gain);
    run(osc, [lowpass, gain], ctx, duration);
  });
}

/** Forgets the context (tests only). */
export function resetAudioForTests(): void {
  context = undefined;
  noiseBuffer = undefined;
}
