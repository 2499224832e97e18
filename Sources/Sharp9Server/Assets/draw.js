// Canvas drawing: the waveform with the state's overlays, the played timeline, the drift chart.
export function fit(canvas) {
  const ratio = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(canvas.clientWidth * ratio));
  const h = Math.max(1, Math.round(canvas.clientHeight * ratio));
  if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
  const ctx = canvas.getContext("2d");
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return { ctx, w: canvas.clientWidth, h: canvas.clientHeight };
}

const css = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

// What does not change while the slider moves (the peaks, the played timeline) is drawn once
// into a layer of the canvas's size and copied on every frame; only the overlays are drawn anew.
const layers = new WeakMap();
function layer(canvas, data, scale, draw) {
  const kept = layers.get(canvas);
  if (kept && kept.data === data && kept.scale === scale && kept.width === canvas.width && kept.height === canvas.height) {
    return kept.image;
  }
  const image = document.createElement("canvas");
  image.width = canvas.width; image.height = canvas.height;
  const ctx = image.getContext("2d");
  const ratio = window.devicePixelRatio || 1;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  draw(ctx, canvas.clientWidth, canvas.clientHeight);
  layers.set(canvas, { data, scale, width: canvas.width, height: canvas.height, image });
  return image;
}

function copy(ctx, image, w, h) {
  ctx.drawImage(image, 0, 0, w, h);
}

/** The waveform of `peaks` over `duration` seconds, with A–B, markers and the playhead of `state`.
 *  Returns the x positions drawn, for tests and hit-testing. */
export function drawWave(canvas, peaks, state, audioSec) {
  const { ctx, w, h } = fit(canvas);
  ctx.clearRect(0, 0, w, h);
  const duration = state?.track?.durationSec || peaks?.durationSec || 1;
  const x = (sec) => (sec / duration) * w;
  const drawn = { a: null, b: null, markers: [], playhead: null, duration };
  const loop = state?.loop;
  if (loop && loop.aSec != null) {
    drawn.a = x(loop.aSec);
    drawn.b = loop.bSec != null ? x(loop.bSec) : drawn.a;
    ctx.fillStyle = loop.enabled ? css("--loop") : "rgba(255,255,255,0.06)";
    ctx.fillRect(drawn.a, 0, Math.max(1, drawn.b - drawn.a), h);
  }
  if (peaks) {
    copy(ctx, layer(canvas, peaks, null, (layerCtx, lw, lh) => {
      layerCtx.fillStyle = css("--dim");
      const n = peaks.min.length;
      for (let i = 0; i < n; i++) {
        const top = lh / 2 - (peaks.max[i] * lh) / 2, bottom = lh / 2 - (peaks.min[i] * lh) / 2;
        layerCtx.fillRect((i / n) * lw, top, Math.max(1, lw / n - 0.5), Math.max(1, bottom - top));
      }
    }), w, h);
  }
  ctx.fillStyle = css("--marker");
  for (const marker of state?.markers || []) {
    const mx = x(marker.timeSec);
    drawn.markers.push(mx);
    ctx.fillRect(mx - 0.5, 0, 1.5, h);
    ctx.beginPath(); ctx.moveTo(mx - 4, 0); ctx.lineTo(mx + 4, 0); ctx.lineTo(mx, 6); ctx.fill();
  }
  if (state?.transport) {
    drawn.playhead = x(state.transport.currentTimeSec);
    ctx.fillStyle = css("--play");
    ctx.fillRect(drawn.playhead - 1, 0, 2, h);
  }
  if (audioSec != null) {
    ctx.fillStyle = css("--accent");
    ctx.fillRect(x(audioSec) - 1, 0, 2, h);
  }
  canvas.dataset.drawn = JSON.stringify(drawn);
  return drawn;
}

/** Segments on a wall-clock axis: playing spans solid, paused dim, wraps and seeks as ticks,
 *  speed and pitch as step lines; a cursor at `wallSec`. */
export function drawTimeline(canvas, timeline, endSec, wallSec) {
  const { ctx, w, h } = fit(canvas);
  ctx.clearRect(0, 0, w, h);
  const x = (sec) => (sec / (endSec || 1)) * w;
  copy(ctx, layer(canvas, timeline, endSec, (c, lw, lh) => drawPlayed(c, lw, lh, timeline, endSec)), w, h);
  if (wallSec != null) { ctx.fillStyle = css("--text"); ctx.fillRect(x(wallSec) - 0.5, 0, 1.5, h); }
}

/** Recorded tick position minus the model's, as points around a zero line. */
export function drawDrift(canvas, points, endSec) {
  const { ctx, w, h } = fit(canvas);
  ctx.clearRect(0, 0, w, h);
  const max = Math.max(0.001, ...points.map((p) => Math.abs(p.driftSec)));
  ctx.strokeStyle = css("--line"); ctx.beginPath(); ctx.moveTo(0, h / 2); ctx.lineTo(w, h / 2); ctx.stroke();
  ctx.fillStyle = css("--bad");
  for (const p of points) ctx.fillRect((p.t / (endSec || 1)) * w, h / 2 - (p.driftSec / max) * (h / 2 - 2), 1.5, 1.5);
  ctx.fillStyle = css("--dim"); ctx.font = "10px system-ui";
  ctx.fillText(`tick drift ±${(max * 1000).toFixed(1)} ms`, 2, 10);
}

/** The played timeline without its cursor: what ``drawTimeline`` keeps in a layer. */
function drawPlayed(c, lw, lh, timeline, endSec) {
  const x = (sec) => (sec / (endSec || 1)) * lw;
  const band = 22;
  const [accent, line, marker, play] = ["--accent", "--line", "--marker", "--play"].map(css);
  for (const s of timeline?.segments || []) {
    c.fillStyle = s.isPlaying ? accent : line;
    c.fillRect(x(s.wallStartSec), 4, Math.max(1, x(s.wallEndSec) - x(s.wallStartSec)), band - 8);
    if (s.start === "wrap" || s.start === "seek" || s.start === "capture") {
      c.fillStyle = s.start === "seek" ? marker : play;
      c.fillRect(x(s.wallStartSec) - 0.5, 0, 1.5, band);
    }
  }
  const step = (key, lo, hi, color, top, height) => {
    c.strokeStyle = color; c.beginPath();
    for (const s of timeline?.segments || []) {
      const y = top + height - ((s[key] - lo) / (hi - lo)) * height;
      c.lineTo(x(s.wallStartSec), y); c.lineTo(x(s.wallEndSec), y);
    }
    c.stroke();
  };
  step("speed", 0.25, 2, css("--ok"), band + 4, (lh - band - 8) / 2);
  step("pitchSemitones", -12, 12, marker, band + 4 + (lh - band - 8) / 2, (lh - band - 8) / 2);
  c.fillStyle = css("--dim"); c.font = "10px system-ui";
  c.fillText("speed", 2, band + 12); c.fillText("pitch", 2, band + 4 + (lh - band - 8) / 2 + 8);
}
