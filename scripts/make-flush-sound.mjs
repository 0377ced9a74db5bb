// Synthesizes the Toilet Flush sound (public/sounds/flush.wav): a rush of filtered noise that
// swirls down, plus a few gurgles. Deterministic (seeded), so the committed file can be rebuilt
// byte for byte: `npm run sounds`.
import { writeFileSync } from "node:fs";

const RATE = 22050;
const SECONDS = 1.6;
const n = Math.floor(RATE * SECONDS);

let seed = 1234567;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};

const samples = new Float32Array(n);
let low = 0;
let band = 0;
for (let i = 0; i < n; i++) {
  const t = i / RATE;
  // Envelope: a quick rush, a long swirl, a tail.
  const env = Math.min(1, t / 0.06) * (t < 1.0 ? 1 : Math.max(0, 1 - (t - 1.0) / 0.6));
  // State-variable filter whose cutoff sweeps down: the water drains.
  const cutoff = 2200 * Math.exp(-t * 1.6) + 250;
  const f = 2 * Math.sin((Math.PI * cutoff) / RATE);
  const noise = random() * 2 - 1;
  const high = noise - low - 0.6 * band;
  band += f * high;
  low += f * band;
  // A slow swirl modulates the rush.
  const swirl = 0.75 + 0.25 * Math.sin(2 * Math.PI * 5 * t);
  let s = (band * 0.9 + low * 0.4) * env * swirl;
  // Gurgles: short bubbling sine chirps near the end.
  for (const start of [0.55, 0.8, 1.05, 1.22]) {
    const dt = t - start;
    if (dt > 0 && dt < 0.09)
      s += 0.35 * Math.sin(2 * Math.PI * (180 + 900 * dt) * dt) * Math.sin((Math.PI * dt) / 0.09);
  }
  samples[i] = s;
}

// Normalise to -1 dBFS and write 16-bit mono PCM.
const peak = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0) || 1;
const data = Buffer.alloc(n * 2);
for (let i = 0; i < n; i++) data.writeInt16LE(Math.round((samples[i] / peak) * 0.89 * 32767), i * 2);

const header = Buffer.alloc(44);
header.write("RIFF", 0);
header.writeUInt32LE(36 + data.length, 4);
header.write("WAVE", 8);
header.write("fmt ", 12);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write("data", 36);
header.writeUInt32LE(data.length, 40);

writeFileSync("public/sounds/flush.wav", Buffer.concat([header, data]));
console.log(`wrote public/sounds/flush.wav (${((44 + data.length) / 1024) | 0} KB, ${SECONDS} s)`);
