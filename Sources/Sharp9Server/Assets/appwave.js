// Drawing the practice page's waveform (the region around the playhead) and overview (the whole
// song): peaks, the A–B selection shaded, markers as purple lines, the playhead. Pure drawing:
// what a tap means is the server's (the page only turns an x into a time).

// Seconds shown either side of the centre in the detail view, at first and at most zoomed in.
export const DETAIL_HALF_SEC = 5;
export const MIN_HALF_SEC = 0.25;

// The theme's colours, each read once: a style query per fill, every frame, is work the page's
// thread does while a key or a tap waits for it.
const colours = new Map();
function colour(name) {
  let value = colours.get(name);
  if (!value) {
    value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
    if (value) colours.set(name, value);
  }
  return value;
}

// Each canvas's box in CSS pixels, kept up to date by a ResizeObserver: reading it every frame
// (getBoundingClientRect) lays the page out again after each state's new text.
const boxes = new WeakMap();
const resizes = new ResizeObserver((entries) => {
  for (const entry of entries) {
    const size = entry.borderBoxSize?.[0];
    boxes.set(entry.target, size
      ? { width: size.inlineSize, height: size.blockSize }
      : { width: entry.contentRect.width, height: entry.contentRect.height });
  }
});

// Sizes `canvas`'s bitmap to its box at the device's pixel ratio; returns the 2D context, the
// box's width and height in CSS pixels, and whether the bitmap was resized (which clears it).
function fit(canvas) {
  let box = boxes.get(canvas);
  if (!box) {
    const { width, height } = canvas.getBoundingClientRect();
    box = { width, height };
    boxes.set(canvas, box);
    resizes.observe(canvas);
  }
  const { width, height } = box;
  const ratio = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(width * ratio)), h = Math.max(1, Math.round(height * ratio));
  const resized = canvas.width !== w || canvas.height !== h;
  if (resized) { canvas.width = w; canvas.height = h; }
  const context = canvas.getContext("2d");
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  return { context, width, height, resized };
}

// The time span the detail view shows: `view.halfSec` either side of the playhead moved by the
// musician's scroll (`view.offsetSec`), so a scrolled view still follows the music.
export function detailSpan(view) {
  const centre = view.playheadSec + (view.offsetSec ?? 0);
  const half = view.halfSec ?? DETAIL_HALF_SEC;
  return { from: centre - half, to: centre + half };
}

// The x of `sec` on a canvas `width` wide showing `from`…`to`.
export const xAt = (sec, width, from, to) => ((sec - from) / (to - from)) * width;

// Draws peaks between `from` and `to` seconds, A–B, markers and the playhead on `canvas`.
function drawSpan(canvas, view, from, to, markerHeight) {
  const { context, width, height } = fit(canvas);
  context.clearRect(0, 0, width, height);
  const { peaks, state } = view;
  if (!peaks || !state) return;
  const x = (sec) => xAt(sec, width, from, to);
  // An A or B edge being dragged is drawn where the finger is; it is sent on release.
  const loop = { ...state.loop };
  if (view.edgeDrag) loop[view.edgeDrag.edge] = view.edgeDrag.sec;
  const { aSec, bSec } = loop;
  if (aSec != null || bSec != null) {
    const left = x(aSec ?? from), right = x(bSec ?? to);
    context.fillStyle = state.loop.enabled ? colour("--loop") : "rgba(154, 163, 173, 0.15)";
    context.fillRect(Math.max(0, left), 0, Math.min(width, right) - Math.max(0, left), height);
  }
  const perBucket = peaks.durationSec / peaks.buckets;
  const middle = height / 2;
  context.fillStyle = colour("--accent");
  for (let px = 0; px < width; px++) {
    const first = Math.floor((from + ((to - from) * px) / width) / perBucket);
    const last = Math.floor((from + ((to - from) * (px + 1)) / width) / perBucket);
    let low = 0, high = 0, any = false;
    for (let b = Math.max(0, first); b <= Math.min(peaks.buckets - 1, last); b++) {
      low = Math.min(low, peaks.min[b]); high = Math.max(high, peaks.max[b]); any = true;
    }
    if (!any) continue;
    const top = middle - (high / 1000) * middle, bottom = middle - (low / 1000) * middle;
    context.fillRect(px, top, 1, Math.max(1, bottom - top));
  }
  context.fillStyle = colour("--marker");
  context.font = "12px system-ui, sans-serif";
  for (const marker of state.markers) {
    const mx = x(marker.timeSec);
    if (mx < -1 || mx > width + 1) continue;
    context.fillRect(mx - 1, 0, 2, markerHeight ?? height);
    // A section's name beside its line, in the detailed view only (the overview is too short).
    if (marker.name && markerHeight == null) context.fillText(marker.name, mx + 4, height - 6);
  }
  for (const [edge, label] of [[aSec, "A"], [bSec, "B"]]) {
    if (edge == null) continue;
    const ex = x(edge);
    context.fillStyle = colour("--text");
    context.fillRect(ex - 1, 0, 2, height);
    context.font = "12px system-ui, sans-serif";
    context.fillText(label, ex + 3, 12);
  }
  context.fillStyle = colour("--play");
  context.fillRect(x(view.playheadSec) - 1, 0, 2, height);
}

export function drawDetail(canvas, view) {
  const { from, to } = detailSpan(view);
  canvas.dataset.from = from.toFixed(3);
  canvas.dataset.to = to.toFixed(3);
  canvas.dataset.playhead = view.playheadSec.toFixed(4);
  canvas.dataset.edge = view.edgeDrag ? `${view.edgeDrag.edge} ${view.edgeDrag.sec.toFixed(3)}` : "";
  drawSpan(canvas, view, from, to);
}

export function drawOverview(canvas, view) {
  const duration = view.peaks ? view.peaks.durationSec : 1;
  drawSpan(canvas, view, 0, duration, 10);
}

// The time at `clientX` over `canvas`, which shows `from`…`to`.
export function timeAt(canvas, clientX, from, to) {
  const box = canvas.getBoundingClientRect();
  const fraction = Math.min(1, Math.max(0, (clientX - box.left) / box.width));
  return from + fraction * (to - from);
}

// The keyboard strip: the piano's 88 keys (MIDI 21…108), the sounding ones lit.
const LOWEST = 21, HIGHEST = 108;
const isBlack = (midi) => [1, 3, 6, 8, 10].includes(midi % 12);
// The notes each keyboard canvas shows: it is drawn again only when they change or it is resized.
const keyboardNotes = new WeakMap();
export function drawKeyboard(canvas, notes) {
  const { context, width, height, resized } = fit(canvas);
  const shown = notes.join(" ");
  if (!resized && keyboardNotes.get(canvas) === shown) return;
  keyboardNotes.set(canvas, shown);
  context.clearRect(0, 0, width, height);
  const lit = new Set(notes);
  const whites = [];
  for (let midi = LOWEST; midi <= HIGHEST; midi++) if (!isBlack(midi)) whites.push(midi);
  const keyWidth = width / whites.length;
  const whiteX = new Map(whites.map((midi, index) => [midi, index * keyWidth]));
  for (const midi of whites) {
    context.fillStyle = lit.has(midi) ? colour("--accent") : "#d9dde2";
    context.fillRect(whiteX.get(midi) + 0.5, 0, keyWidth - 1, height);
  }
  for (let midi = LOWEST; midi <= HIGHEST; midi++) {
    if (!isBlack(midi)) continue;
    const x = whiteX.get(midi - 1) + keyWidth * 0.65;
    context.fillStyle = lit.has(midi) ? colour("--accent") : "#15181c";
    context.fillRect(x, 0, keyWidth * 0.7, height * 0.6);
  }
}
