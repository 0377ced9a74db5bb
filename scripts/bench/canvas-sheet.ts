// The alternative `npm run bench:live` measures the shared sheet against: the same 10,000 bubbles
// drawn on one canvas (only the rows in view, redrawn when pops arrive or the box scrolls), fed by
// the same live channel. It is a lower bound for a canvas page: it draws and nothing more (no
// focusable grid beside it for the keyboard and screen readers, which a real one would need, no
// pop animation, no sound), so its frames and main-thread time are the most a canvas could save.

/** A page of its own (served by the bench on the site's origin, so it may open the channel). */
export function canvasSheetHtml(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Canvas sheet (bench)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { margin: 0; padding: 16px; font-family: sans-serif; background: #0ea5e9; }
  #box { height: min(60vh, 34rem); overflow-y: auto; overscroll-behavior: contain; border-radius: 16px; background: rgb(255 255 255 / 0.15); padding: 8px; }
  canvas { position: sticky; top: 0; display: block; }
</style></head>
<body><h1>Canvas sheet</h1>
<div id="box" role="grid" aria-label="Bubbles"><canvas id="c"></canvas><div id="spacer"></div></div>
<script>
const CELL = 40, HEADER = 28;
const box = document.getElementById("box"), canvas = document.getElementById("c"), spacer = document.getElementById("spacer");
const ctx = canvas.getContext("2d");
let bits = null, size = 0, columns = 1, queued = false;
const popped = (i) => (bits[i >> 3] & (0x80 >> (i & 7))) !== 0;
function layout() {
  const width = box.clientWidth - 16, height = box.clientHeight - 16;
  columns = Math.max(1, Math.floor(width / CELL));
  const ratio = devicePixelRatio || 1;
  canvas.width = width * ratio; canvas.height = height * ratio;
  canvas.style.width = width + "px"; canvas.style.height = height + "px";
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  spacer.style.height = Math.max(0, Math.ceil(size / columns) * CELL - height) + "px";
  draw();
}
function draw() {
  queued = false;
  if (!bits) return;
  const top = box.scrollTop, height = box.clientHeight;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  const first = Math.floor(top / CELL), last = Math.min(Math.ceil(size / columns) - 1, Math.ceil((top + height) / CELL));
  for (let row = first; row <= last; row++) {
    for (let col = 0; col < columns; col++) {
      const i = row * columns + col;
      if (i >= size) break;
      ctx.beginPath();
      ctx.arc(col * CELL + 20, row * CELL - top + 20, 16, 0, Math.PI * 2);
      ctx.fillStyle = popped(i) ? "rgba(255,255,255,0.25)" : "#bae6fd";
      ctx.fill();
      if (!popped(i)) { ctx.strokeStyle = "#fff"; ctx.lineWidth = 2; ctx.stroke(); }
    }
  }
}
const later = () => { if (!queued) { queued = true; requestAnimationFrame(draw); } };
box.addEventListener("scroll", later, { passive: true });
const ws = new WebSocket(location.origin.replace("http", "ws") + "/api/live?topics=bubbles");
ws.binaryType = "arraybuffer";
ws.onmessage = (event) => {
  if (typeof event.data !== "string") {
    const bytes = new Uint8Array(event.data);
    size = new DataView(event.data).getUint32(12, true);
    bits = bytes.slice(HEADER);
    layout();
    document.body.dataset.live = "true";
    return;
  }
  const message = JSON.parse(event.data);
  if (message.t === "pops" && bits) {
    for (const i of message.i) bits[i >> 3] |= 0x80 >> (i & 7);
    later();
  } else if (message.t === "done" && bits) {
    bits.fill(0);
    later();
  }
};
</script></body></html>`;
}
