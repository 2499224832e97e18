// The session page: everything follows one selected event (the slider, ←/→/Home/End, a click in
// the list or on the timeline, or the render playing).
import { getJSON, getBytes, change, formatTime, text, withToken } from "/assets/api.js";
import { drawWave, drawTimeline, drawDrift } from "/assets/draw.js";
import { EventList } from "/assets/eventlist.js";
import { renderState, renderDiff, renderHistory, renderChecks } from "/assets/statepanel.js";

const id = decodeURIComponent(location.pathname.split("/").pop());
const $ = (name) => document.getElementById(name);
const page = {
  session: null, index: new Uint8Array(0), kinds: [], times: null, peaks: null, timeline: null,
  at: 0, state: null, previous: null, tab: "state", audioSec: null,
};
window.sharp9 = page; // for the browser tests and the curious

const states = new Map();
async function stateAt(n) {
  if (!states.has(n)) {
    const state = getJSON(`/api/sessions/${id}/state?at=${n}`);
    state.catch(() => states.delete(n));
    states.set(n, state);
    if (states.size > 500) states.delete(states.keys().next().value);
  }
  return states.get(n);
}

const list = new EventList($("list"), id, (seq, seekAudio) => select(seq, { seekAudio }));

// A selection is painted on the next animation frame from what the page already has (the
// slider, the label, the list's selection, the timeline's cursor, the last state's overlays on
// the waveform), so a drag redraws at the display's rate. The state tree and diff follow when
// the state arrives: one request in flight, then the newest selection (a drag sends far more
// inputs than the server answers).
let drawLoop = null, queued = null, urlTimer = null, paintFrame = 0, paintFollow = true;
// While the selection keeps moving (a drag, the render playing), the tree and diff are still
// rebuilt this often, so the state panel follows the slider instead of waiting for it to rest.
const treeEveryMs = 250;
let treeBuiltAt = 0;

/** Selects event `n`; resolves when it (or a later selection) is drawn. */
function select(n, { follow = true, seekAudio = false } = {}) {
  n = Math.max(0, Math.min(page.session.events, n));
  page.at = n;
  paintFollow = follow;
  paintFrame ||= requestAnimationFrame(paint);
  if (seekAudio && page.times && n > 0 && $("audio").src) $("audio").currentTime = page.times[n - 1];
  clearTimeout(urlTimer); // the address follows once the selection rests (browsers limit the rate)
  urlTimer = setTimeout(() => {
    const url = new URL(location.href);
    url.searchParams.set("at", page.at);
    history.replaceState(null, "", url);
  }, 250);
  queued = n;
  drawLoop ??= drawQueued();
  return drawLoop;
}

/** Paints the selection (`page.paintedAt` tells which; the slider benchmark counts it). */
function paint() {
  paintFrame = 0;
  const n = page.at;
  $("slider").value = n;
  $("at").textContent = `event ${n} of ${page.session.events}` + (page.times && n > 0 ? ` · ${formatTime(page.times[n - 1])}` : "");
  list.select(n, paintFollow);
  redraw();
  page.paintedAt = n;
}

async function drawQueued() {
  try {
    while (queued != null) {
      const n = queued;
      queued = null;
      // The state first: its overlays are painted at once. The tree and the diff (and the state
      // before, for them) when no later selection waits, or every `treeEveryMs` while one does:
      // building them holds the page for milliseconds, which every frame of a drag would feel.
      page.state = await stateAt(n); page.previous = null;
      paintFrame ||= requestAnimationFrame(paint);
      const treeDue = () => queued == null || performance.now() - treeBuiltAt >= treeEveryMs;
      if (!treeDue()) continue;
      if (n > 0) page.previous = await stateAt(n - 1);
      if (!treeDue()) continue;
      page.drawnAt = n;
      redraw();
      showTab();
      treeBuiltAt = performance.now();
    }
  } finally {
    drawLoop = null;
    queued = null;
  }
}

function redraw() {
  drawWave($("wave"), page.peaks, page.state, page.audioSec != null && page.timeline ? sourceAt(page.audioSec) : null);
  const wall = page.audioSec ?? (page.times && page.at > 0 ? page.times[page.at - 1] : 0);
  drawTimeline($("timeline"), page.timeline, endSec(), wall);
}

function endSec() {
  const segments = page.timeline?.segments;
  return Math.max(page.session?.durationSec || 0, segments?.length ? segments[segments.length - 1].wallEndSec : 0);
}

function sourceAt(wall) {
  for (const s of page.timeline.segments) {
    if (wall < s.wallEndSec) return s.isPlaying ? s.sourceStartSec + (wall - s.wallStartSec) * s.speed : s.sourceStartSec;
  }
  return null;
}

function showTab() {
  const tree = $("tree");
  document.querySelectorAll("[role=tab]").forEach((b) => b.setAttribute("aria-selected", b.dataset.tab === page.tab));
  if (page.tab === "state") renderState(tree, page.state, page.previous);
  else if (page.tab === "diff") renderDiff(tree, page.state, page.previous);
  else if (page.tab === "history") renderHistory(tree, id, page.at).catch(fail);
  else if (page.tab === "checks") renderChecks(tree, id, (seq) => {
    const a = text("a", `#${seq}`); a.href = `?at=${seq}`;
    a.addEventListener("click", (e) => { e.preventDefault(); select(seq); });
    return a;
  }).catch(fail);
}

function fail(error) { $("status").textContent = error.message; }

/** The seq of the last event at or before wall time `t`. */
function seqAt(t) {
  let lo = 0, hi = page.times.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (page.times[mid] <= t) lo = mid + 1; else hi = mid; }
  return lo;
}

// The search's matches (one byte per event, from the server: summaries live there) for `query`.
let search = { query: "", matches: null };
let searchTimer = null, searchTicket = 0;

async function refilter() {
  const ticket = ++searchTicket;
  const query = $("search").value.trim();
  const seqQuery = /^#\d+$/.test(query) ? Number(query.slice(1)) : null;
  const text = seqQuery == null ? query : "";
  if (text !== search.query) {
    const matches = text
      ? new Uint8Array((await getBytes(`/api/sessions/${id}/search?q=${encodeURIComponent(text)}`)).buffer)
      : null;
    if (ticket !== searchTicket) return; // a later refilter (typed on) answers instead
    search = { query: text, matches };
  }
  if (!page.index.length) return; // the list shows every event until the index arrives
  const kinds = new Set();
  document.querySelectorAll("#kinds input").forEach((box) => { if (box.checked) kinds.add(Number(box.dataset.code)); });
  list.filter(page.index, kinds, $("changedOnly").checked, seqQuery, search.matches);
  list.select(page.at);
}

function refilterSoon() {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => refilter().catch(fail), 150);
}

let indexRetry = null;

async function loadIndex() {
  clearTimeout(indexRetry);
  const { buffer, headers } = await getBytes(`/api/sessions/${id}/index`);
  const hadKinds = page.index.length === buffer.byteLength;
  page.index = new Uint8Array(buffer);
  page.indexComplete = headers.get("X-Sharp9-Index") !== "partial";
  // A partial index has kinds but no changed bits yet (the server is replaying): ask again, and
  // filter again only when the answer is new (a million events take the page a moment).
  if (!page.indexComplete) indexRetry = setTimeout(() => loadIndex().catch(fail), 1000);
  if (!page.indexComplete && hadKinds) return;
  const kinds = headers.get("X-Sharp9-Kinds").split(",");
  if (!page.kinds.length) {
    page.kinds = kinds;
    const box = $("kinds");
    kinds.forEach((kind, code) => {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "checkbox"; input.dataset.code = code; input.checked = kind !== "tick";
      input.addEventListener("change", () => refilter().catch(fail));
      label.append(input, ` ${kind}`);
      box.append(label);
    });
  }
  await refilter();
}

async function loadTimes() {
  const { buffer } = await getBytes(`/api/sessions/${id}/times`);
  page.times = new Float32Array(buffer);
}

async function start() {
  page.session = await getJSON(`/api/sessions/${id}`);
  document.title = `${page.session.title} · sharp9`;
  $("title").textContent = page.session.title;
  $("meta").textContent = `${page.session.events.toLocaleString("en")} events · ${formatTime(page.session.durationSec)} · ${page.session.audio || "no audio"}`;
  for (const [link, path] of [["bundle", "bundle.sharp9"], ["jsonl", "export.jsonl"], ["wav", "render.wav"], ["flac", "render.flac"]]) {
    $(link).href = withToken(`/api/sessions/${id}/${path}`);
  }
  const slider = $("slider");
  slider.max = page.session.events;
  const wanted = Number(new URL(location.href).searchParams.get("at") ?? page.session.events);
  // Usable before the index: the slider, the state and the list (every event, unfiltered, until
  // the index arrives and the filters apply; a million events take the server a moment, so it is
  // asked for once the page is usable, not while the state and the first rows are on their way).
  list.showAll(page.session.events);
  const at = Number.isFinite(wanted) ? wanted : page.session.events;
  if (at > 0) stateAt(Math.min(at, page.session.events) - 1); // the diff's, with the state's
  const drawn = select(at);
  cancelAnimationFrame(paintFrame); // painted now: the list scrolls to the selection before it loads
  paint();
  await Promise.all([drawn, list.ready()]);
  document.body.dataset.ready = "1";
  Promise.all([loadIndex(), loadTimes()]).then(() => {
    page.indexed = true;
    select(page.at);
  }).catch(fail);
  if (page.session.audio) {
    // Without audio there is no track to draw, play or lay a timeline on.
    getJSON(`/api/sessions/${id}/peaks?buckets=1200`).then((p) => { page.peaks = p; redraw(); }).catch(fail);
    getJSON(`/api/sessions/${id}/timeline`).then((t) => {
      page.timeline = t; redraw(); drawDrift($("drift"), t.driftPoints, endSec());
    }).catch(fail);
    $("audio").src = withToken(`/api/sessions/${id}/render.wav`);
  }
  live();
}

function live() {
  const source = new EventSource(withToken(`/api/sessions/${id}/live?after=${page.session.events}`));
  source.addEventListener("events", async (message) => {
    const rows = JSON.parse(message.data);
    const followEnd = page.at === page.session.events;
    page.session.events = rows[rows.length - 1].seq;
    $("slider").max = page.session.events;
    list.invalidateFrom(rows[0].seq);
    await Promise.all([loadIndex(), loadTimes()]);
    $("meta").textContent = `${page.session.events.toLocaleString("en")} events (live)`;
    if (followEnd) select(page.session.events);
  });
}

$("slider").addEventListener("input", (e) => select(Number(e.target.value)));
$("first").addEventListener("click", () => select(0));
$("last").addEventListener("click", () => select(page.session.events));
$("prev").addEventListener("click", () => select(page.at - 1));
$("next").addEventListener("click", () => select(page.at + 1));
$("search").addEventListener("input", refilterSoon);
$("changedOnly").addEventListener("change", () => refilter().catch(fail));
document.querySelectorAll("[role=tab]").forEach((b) => b.addEventListener("click", () => { page.tab = b.dataset.tab; showTab(); }));
document.addEventListener("keydown", (e) => {
  if (e.target.matches("input[type=search], select")) return;
  const moves = { ArrowLeft: page.at - 1, ArrowRight: page.at + 1, Home: 0, End: page.session?.events };
  if (e.key in moves && page.session) { e.preventDefault(); select(moves[e.key]); }
});

let stepping = null;
$("playEvents").addEventListener("click", () => {
  if (stepping) { clearTimeout(stepping); stepping = null; $("playEvents").textContent = "▶ events"; return; }
  $("playEvents").textContent = "⏸ events";
  const step = () => {
    if (page.at >= page.session.events) { $("playEvents").click(); return; }
    const rate = Number($("rate").value);
    const gap = page.times && page.at > 0 ? (page.times[page.at] - page.times[page.at - 1]) * 1000 / rate : 100;
    select(page.at + 1);
    stepping = setTimeout(step, Math.min(1000, Math.max(16, gap)));
  };
  step();
});

$("timeline").addEventListener("click", (e) => {
  const wall = (e.offsetX / e.target.clientWidth) * endSec();
  if ($("audio").src) $("audio").currentTime = wall;
  if (page.times) select(seqAt(wall));
});

const audio = $("audio");
function follow() {
  if (audio.paused) return;
  page.audioSec = audio.currentTime;
  if (page.times) {
    const seq = seqAt(audio.currentTime);
    if (seq !== page.at) select(seq); else redraw();
  } else redraw();
  requestAnimationFrame(follow);
}
audio.addEventListener("play", () => requestAnimationFrame(follow));
audio.addEventListener("seeked", () => { page.audioSec = audio.currentTime; redraw(); });

$("fork").addEventListener("click", async () => {
  try {
    const fork = await change("POST", `/api/sessions/${id}/fork?at=${page.at}`);
    location.href = `/sessions/${fork.id}`;
  } catch (error) { fail(error); }
});

window.addEventListener("resize", redraw);
start().catch(fail);
