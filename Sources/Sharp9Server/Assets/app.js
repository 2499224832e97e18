// The practice page of `sharp9 app`: the server's state arrives over server-sent events; every
// button, key and tap goes to the server (over a WebSocket: appinputs.js) as a key of the
// terminal player's bindings or as a musician's action, through the app core. The page computes
// no rule of the domain: it maps a tap's x to a time, and shows the values and toasts the server
// sends.
import { token, getJSON, change, withToken } from "./api.js";
import { drawDetail, drawOverview, drawKeyboard, detailSpan, timeAt, xAt, DETAIL_HALF_SEC, MIN_HALF_SEC } from "./appwave.js";
import { MIDIInput, describeMessage } from "./appmidi.js";
import { PlayheadClock } from "./appplayhead.js";
import { InputChannel } from "./appinputs.js";
import { bindableActions, setupSettings, setupLibrary, renderLearning } from "./appsettings.js";

const $ = (id) => document.getElementById(id);
const view = {
  state: null, peaks: null, playheadSec: 0, halfSec: DETAIL_HALF_SEC, offsetSec: 0, edgeDrag: null,
};
let session = null;
let localToast = null;
// The playhead drawn every frame, moved on from the last state (appplayhead.js).
const playhead = new PlayheadClock();

// — Sending —

// One input at a time, in order: the log holds the actions as the musician made them.
const inputs = new InputChannel("/api/app/inputs");
let sending = Promise.resolve();
function send(body) {
  sending = sending.then(() => inputs.send(JSON.stringify(body)))
    .catch((error) => showLocalToast(error.message));
  return sending;
}
const sendKey = (key) => send({ key });
const sendAction = (action) => send({ action });

function showLocalToast(message, ms = 2000) {
  localToast = { message, at: performance.now(), until: performance.now() + ms };
  renderToast();
}

// — Import —

async function importFile(file) {
  if (!file) return;
  try {
    const response = await fetch(`/api/app/songs?name=${encodeURIComponent(file.name)}`, {
      method: "POST", body: file, headers: { "X-Sharp9-Token": token() },
    });
    if (!response.ok) {
      const answer = await response.json().catch(() => ({}));
      $("toast").title = answer.error || response.statusText;
      showLocalToast("Unable to open file", 3000);
    }
  } catch (error) {
    showLocalToast("Unable to open file", 3000);
  }
}

for (const id of ["import", "import-empty"]) $(id).addEventListener("click", () => $("file").click());
$("file").addEventListener("change", () => {
  importFile($("file").files[0]);
  $("file").value = "";
});
document.addEventListener("dragover", (event) => {
  event.preventDefault();
  document.body.classList.add("dragging");
});
document.addEventListener("dragleave", () => document.body.classList.remove("dragging"));
document.addEventListener("drop", (event) => {
  event.preventDefault();
  document.body.classList.remove("dragging");
  importFile(event.dataTransfer.files[0]);
});

// — A song opened again: continue its last session, or start a new one where it left the song —

function answerOffer(continues) {
  change("POST", "/api/app/offer", JSON.stringify({ continue: continues }))
    .catch((error) => showLocalToast(error.message));
}
$("offer-continue").addEventListener("click", () => answerOffer(true));
$("offer-new").addEventListener("click", () => answerOffer(false));
// Escape is "not now": the song stays waiting, the dialog comes back with the next state.
$("offer").addEventListener("cancel", (event) => event.preventDefault());

function renderOffer(offer) {
  const dialog = $("offer");
  if (!offer) {
    if (dialog.open) dialog.close();
    return;
  }
  const when = new Date(offer.startedAt).toLocaleString();
  $("offer-text").textContent =
    `Continue your last session on ${offer.song} from ${when} (${offer.events} events), ` +
    "or start a new one with its markers, loops, speed and pitch?";
  if (!dialog.open) dialog.showModal();
}

// — Buttons: each is a key of the player's bindings —

for (const button of document.querySelectorAll("[data-key]")) {
  button.addEventListener("click", () => sendKey(button.dataset.key));
}
$("close").addEventListener("click", () => change("POST", "/api/app/close").catch((e) => showLocalToast(e.message)));

// The lock: a click locks; while locked, holding the button for 1 s unlocks.
// The click that ends an unlocking hold is not a new lock.
let holdTimer = null;
let heldToUnlock = false;
$("lock").addEventListener("click", () => {
  if (!heldToUnlock && !view.state?.isLocked) sendKey("L");
  heldToUnlock = false;
});
$("lock").addEventListener("pointerdown", () => {
  heldToUnlock = false;
  if (!view.state?.isLocked) return;
  holdTimer = setTimeout(() => {
    heldToUnlock = true;
    sendAction({ type: "setLocked", locked: false });
  }, 1000);
});
for (const type of ["pointerup", "pointerleave", "pointercancel"]) {
  $("lock").addEventListener(type, () => clearTimeout(holdTimer));
}

// — Menu and shortcuts —

function closeMenu() {
  $("menu").hidden = true;
  $("menu-button").setAttribute("aria-expanded", "false");
}
$("menu-button").addEventListener("click", () => {
  const open = $("menu").hidden;
  $("menu").hidden = !open;
  $("menu-button").setAttribute("aria-expanded", String(open));
});
// A download chosen in the menu closes it (a link that navigates leaves the page anyway).
$("menu").addEventListener("click", (event) => {
  if (!event.target.closest("a.render")) return;
  $("menu").hidden = true;
  $("menu-button").setAttribute("aria-expanded", "false");
});
async function showKeys() {
  closeMenu();
  if (!$("keys-table").childElementCount) {
    for (const row of await getJSON("/api/app/keys")) {
      const tr = document.createElement("tr");
      for (const text of [row.keys, row.what]) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.append(td);
      }
      $("keys-table").append(tr);
    }
  }
  if (!$("keys").open) $("keys").showModal();
}
$("menu-keys").addEventListener("click", showKeys);

// — MIDI pedals and controllers, settings and the song library —

const actions = bindableActions();
const midi = new MIDIInput({
  // A press goes to the server, which sends the key bound to it (or nothing).
  onPress: (message) => send({ midi: message }),
  onLearned: (binding, label) => showLocalToast(`${describeMessage(binding)} → ${label}`, 3000),
  onError: (message) => showLocalToast(message, 4000),
  onState: () => {
    renderLearning(midi);
    settings.renderBindings();
  },
});
const settings = setupSettings({ midi, actions, showKeys, toast: (message) => showLocalToast(message, 3000) });
$("menu-settings").addEventListener("click", closeMenu);
setupLibrary({ toast: (message) => showLocalToast(message, 4000), closeMenu });
midi.loadBindings();
// Learning, the action first: a press on a control of the page chooses it (and does nothing else).
document.addEventListener("click", (event) => {
  if (!midi.learning || midi.learning.key != null) return;
  const control = event.target.closest("#practice [data-key], #lock");
  if (!control) return;
  event.preventDefault();
  event.stopPropagation();
  const key = control.id === "lock" ? "L" : control.dataset.key;
  midi.chooseControl(key, actions.get(key));
}, true);

// — Keys: exactly the terminal player's bindings; a pedal's PageUp/PageDown are Prev/Next —

const pedal = { PageUp: "Home", PageDown: "End" };
const dialogOpen = () => [...document.querySelectorAll("dialog")].some((dialog) => dialog.open);
// The typing line, as the player's `:` prompt: `N` opens it for a section's name.
const typed = $("typed");
$("type-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const line = typed.value.trim();
  typed.value = "";
  typed.blur();
  if (line) send({ typed: line });
});
typed.addEventListener("keydown", (event) => {
  if (event.key === "Escape") { typed.value = ""; typed.blur(); }
});
document.addEventListener("keydown", (event) => {
  if (midi.learning) {
    // While learning, keys choose nothing and send nothing; Escape stops learning.
    // (Enter on a focused control still presses it: that chooses it.)
    if (event.key === "Escape") midi.cancelLearning();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target instanceof HTMLInputElement) return;
  if (dialogOpen()) {
    // A sheet takes its own keys (Tab, Enter, Space, Escape); `?` closes the shortcuts.
    if (event.key === "?" && $("keys").open) { event.preventDefault(); $("keys").close(); }
    return;
  }
  if (event.key === ":" || event.key === "N") {
    event.preventDefault();
    typed.value = event.key === "N" ? "section " : "";
    typed.focus();
    return;
  }
  if (event.key === "?") { event.preventDefault(); showKeys(); return; }
  const key = pedal[event.key] ?? event.key;
  const named = ["ArrowLeft", "ArrowRight", "Home", "End"].includes(key);
  if (!named && key.length !== 1) return;
  // Space is play/pause wherever the focus is (as in the player); Enter still presses a button.
  event.preventDefault();
  if (key === "q") return; // quitting is the close button's
  sendKey(key);
});
// A focused button would also take Space as a click when the key comes up.
// (In a sheet Space presses the focused button, as everywhere else.)
document.addEventListener("keyup", (event) => {
  if (event.key === " " && event.target instanceof HTMLButtonElement && !dialogOpen()) event.preventDefault();
});

// — The waveform: taps, scrubs, A and B edges, zoom and scroll; the overview seeks —

function pointerTime(canvas, event) {
  if (canvas === $("wave")) {
    const { from, to } = detailSpan(view);
    return timeAt(canvas, event.clientX, from, to);
  }
  return timeAt(canvas, event.clientX, 0, view.peaks ? view.peaks.durationSec : 0);
}

// How near an A or B line a press must start to move that edge, in CSS pixels.
const EDGE_GRAB_PX = 14;

// The A or B edge (as the loop's field name) within reach of `clientX`, the nearer one first.
function edgeAt(clientX) {
  const box = $("wave").getBoundingClientRect();
  const { from, to } = detailSpan(view);
  let best = null;
  for (const edge of ["aSec", "bSec"]) {
    const sec = view.state.loop[edge];
    if (sec == null) continue;
    const distance = Math.abs(box.left + xAt(sec, box.width, from, to) - clientX);
    if (distance <= EDGE_GRAB_PX && (!best || distance < best.distance)) best = { edge, distance };
  }
  return best?.edge ?? null;
}

// Zoom keeps the time under `clientX` (the centre by default) where it is.
function zoom(factor, clientX) {
  const duration = view.peaks ? view.peaks.durationSec : DETAIL_HALF_SEC * 2;
  const half = Math.min(Math.max(view.halfSec * factor, MIN_HALF_SEC), Math.max(duration / 2, MIN_HALF_SEC));
  const box = $("wave").getBoundingClientRect();
  const fraction = clientX == null ? 0.5 : Math.min(1, Math.max(0, (clientX - box.left) / box.width));
  const { from, to } = detailSpan(view);
  const anchor = from + fraction * (to - from);
  view.offsetSec = anchor + (1 - 2 * fraction) * half - view.playheadSec;
  view.halfSec = half;
}
function scroll(seconds) { view.offsetSec += seconds; }
$("zoom-in").addEventListener("click", () => zoom(1 / 1.5));
$("zoom-out").addEventListener("click", () => zoom(1.5));
$("wave").addEventListener("wheel", (event) => {
  if (!view.state) return;
  event.preventDefault();
  const { from, to } = detailSpan(view);
  const box = $("wave").getBoundingClientRect();
  // A trackpad's pinch arrives as a wheel with Ctrl; sideways (or Shift) scrolls, else zooms.
  const sideways = Math.abs(event.deltaX) > Math.abs(event.deltaY) || event.shiftKey;
  if (sideways && !event.ctrlKey) {
    scroll(((event.shiftKey ? event.deltaY : event.deltaX) / box.width) * (to - from));
  } else {
    zoom(Math.exp(event.deltaY * (event.ctrlKey ? 0.01 : 0.002)), event.clientX);
  }
}, { passive: false });

// Pointers down on the waveform: one is a tap, a scrub or an edge drag; two pinch (zoom).
const pointers = new Map();
let drag = null;
let pinch = null;
$("wave").addEventListener("pointerdown", (event) => {
  if (!view.state) return;
  $("wave").setPointerCapture(event.pointerId);
  pointers.set(event.pointerId, event.clientX);
  if (pointers.size === 2) {
    const [x1, x2] = [...pointers.values()];
    pinch = { distance: Math.max(10, Math.abs(x1 - x2)), halfSec: view.halfSec };
    drag = null;
    view.edgeDrag = null;
    return;
  }
  const edge = edgeAt(event.clientX);
  drag = { x: event.clientX, moved: false, time: pointerTime($("wave"), event), edge };
});
$("wave").addEventListener("pointermove", (event) => {
  if (!pointers.has(event.pointerId)) return;
  pointers.set(event.pointerId, event.clientX);
  if (pinch && pointers.size === 2) {
    const [x1, x2] = [...pointers.values()];
    const factor = (pinch.halfSec * pinch.distance) / Math.max(10, Math.abs(x1 - x2)) / view.halfSec;
    zoom(factor, (x1 + x2) / 2);
    return;
  }
  if (!drag || Math.abs(event.clientX - drag.x) < 6 && !drag.moved) return;
  drag.moved = true;
  if (drag.edge) {
    view.edgeDrag = { edge: drag.edge, sec: pointerTime($("wave"), event) };
    return;
  }
  // Dragging right moves the song left under the playhead, as a tape would.
  const { from, to } = detailSpan(view);
  const box = $("wave").getBoundingClientRect();
  const time = drag.time - ((event.clientX - drag.x) / box.width) * (to - from);
  if (!drag.pending) {
    drag.pending = true;
    requestAnimationFrame(() => {
      if (drag) { drag.pending = false; sendAction({ type: "dragScrub", timeSec: Math.max(0, time) }); }
    });
  }
});
function releaseWave(event, cancelled) {
  pointers.delete(event.pointerId);
  if (pinch) {
    if (pointers.size < 2) pinch = null;
    return;
  }
  if (drag && !cancelled) {
    if (drag.edge && drag.moved && view.edgeDrag) {
      const edge = view.edgeDrag;
      sendAction({ type: edge.edge === "aSec" ? "setA" : "setB", timeSec: Math.max(0, edge.sec) })
        .then(() => { if (view.edgeDrag === edge) view.edgeDrag = null; });
    } else if (!drag.moved) {
      sendAction({ type: "tapWaveform", timeSec: drag.time });
    }
  }
  if (cancelled) view.edgeDrag = null;
  drag = null;
}
$("wave").addEventListener("pointerup", (event) => releaseWave(event, false));
$("wave").addEventListener("pointercancel", (event) => releaseWave(event, true));
$("overview").addEventListener("pointerdown", (event) => {
  if (!view.state) return;
  view.offsetSec = 0;
  sendAction({ type: "overviewTapped", timeSec: pointerTime($("overview"), event) });
});

// — State from the server —

async function loadPeaks() {
  try {
    view.peaks = await getJSON("/api/app/peaks");
  } catch {
    view.peaks = null;
  }
}

const live = new EventSource(withToken("/api/app/live"));
live.addEventListener("state", async (message) => {
  const arrivedSec = performance.now() / 1000;
  const state = JSON.parse(message.data);
  if (state.session !== session) {
    session = state.session;
    playhead.reset();
    if (session) await loadPeaks(); else view.peaks = null;
    document.body.dataset.session = session ?? "";
  }
  view.state = state.track ? state : null;
  playhead.arrived(state, arrivedSec);
  view.playheadSec = playhead.positionAt(performance.now() / 1000);
  render(state);
});

function meter(id, channel) {
  const node = $(id);
  const percent = (db) => `${Math.max(0, Math.min(100, ((db + 60) / 60) * 100))}%`;
  node.querySelector(".level").style.width = percent(channel.levelDB);
  node.querySelector(".hold").style.left = percent(channel.holdDB);
  node.classList.toggle("clip", channel.clipping);
}

let lastToast = null;
let lastToastAt = 0;
let lastProblem = null;
function render(state) {
  const open = Boolean(state.track);
  $("empty").hidden = open;
  $("practice").hidden = !open;
  $("track-name").textContent = open ? state.track.name : "";
  $("close").disabled = !open;
  $("menu-inspector").href = state.session ? `/sessions/${state.session}` : "/";
  // The render of the session up to now, by the renderer `sharp9 render` runs.
  for (const container of ["wav", "flac"]) {
    const link = $(`menu-render-${container}`);
    link.hidden = !state.session;
    if (state.session) {
      link.href = withToken(`/api/sessions/${state.session}/render.${container}`);
      link.download = `sharp9-${state.session.slice(0, 8)}.${container}`;
    }
  }
  $("time").textContent = state.playheadText;
  $("speed").textContent = state.speedText;
  $("pitch").textContent = state.pitchText;
  $("play-icon").setAttribute("d", state.isPlaying ? "M6 4h4v16H6zM14 4h4v16h-4z" : "M7 4v16l13-8z");
  $("play").setAttribute("aria-label", state.isPlaying ? "Pause" : "Play");
  for (const button of document.querySelectorAll("[data-mode]")) {
    button.setAttribute("aria-checked", String(button.dataset.mode === state.mode));
  }
  $("loop").setAttribute("aria-pressed", String(state.loop.enabled));
  $("lock").setAttribute("aria-pressed", String(state.isLocked));
  $("lock").setAttribute("aria-label", state.isLocked ? "Locked: hold 1 s to unlock" : "Lock");
  $("lock").textContent = state.isLocked ? "Locked" : "Lock";
  document.body.classList.toggle("locked", state.isLocked);
  $("undo").disabled = !state.undoLabel;
  $("undo").setAttribute("aria-label", state.undoLabel ? `Undo ${state.undoLabel}` : "Undo");
  $("redo").disabled = !state.redoLabel;
  $("redo").setAttribute("aria-label", state.redoLabel ? `Redo ${state.redoLabel}` : "Redo");
  $("metronome").setAttribute("aria-pressed", String(state.metronomeOn));
  $("trainer").setAttribute("aria-pressed", String(state.trainerOn));
  $("passes").setAttribute("aria-pressed", String(state.passLimit != null));
  $("passes").textContent = state.passLimit == null ? "Passes" : `Passes ${state.passLimit}`;
  $("count-in").setAttribute("aria-pressed", String(state.countInBeats > 0));
  $("count-in").textContent = state.countInBeats > 0 ? `Count-in ${state.countInBeats}` : "Count-in";
  $("practice-line").textContent = open ? state.practiceText : "";
  renderTakes(open ? state : null);
  renderOffer(state.offer);
  renderKeyboard(state.soundingNotes ?? []);
  meter("meter-left", state.meters.left);
  meter("meter-right", state.meters.right);
  renderRecording(open ? state.recording : null);
  if (state.problem && state.problem !== lastProblem) showLocalToast(state.problem, 6000);
  lastProblem = state.problem;
  if (state.toast !== lastToast) {
    lastToast = state.toast;
    lastToastAt = performance.now();
    renderToast();
  }
}

// — Recording yourself: the record button (R), its line, the input's meters while armed —

function renderRecording(recording) {
  const armed = Boolean(recording?.armed);
  const button = $("record");
  button.setAttribute("aria-pressed", String(armed));
  button.classList.toggle("taking", Boolean(recording?.taking));
  button.textContent = recording?.taking ? "Recording" : armed ? "Armed" : "Record";
  button.setAttribute("aria-label", recording?.taking
    ? "Recording a take: stop recording"
    : armed ? "Recording armed: a take starts when the song plays; stop recording"
      : "Record: arm recording (takes are recorded while the song plays)");
  $("record-line").textContent = recording?.line ?? "";
  const inputs = recording?.inputMeters;
  $("input-meters").hidden = !inputs;
  if (inputs) {
    meter("input-left", inputs.left);
    meter("input-right", inputs.right);
  }
}

// — Takes: hear one with the song or alone, the balance, delete —

let lastTakes = "";
function renderTakes(state) {
  const takes = state?.takes ?? [];
  $("takes").hidden = takes.length === 0;
  const balance = $("take-balance");
  if (state && document.activeElement !== balance) balance.value = String(state.takeBalance);
  $("take-song").disabled = !takes.some((take) => take.heard);
  const key = JSON.stringify(takes);
  if (key === lastTakes) return;
  lastTakes = key;
  const list = $("take-list");
  list.replaceChildren(...takes.map((take) => {
    const item = document.createElement("li");
    item.dataset.take = take.id;
    if (take.heard) item.setAttribute("aria-current", "true");
    const label = document.createElement("span");
    label.textContent = take.label;
    const button = (text, aria, onClick) => {
      const node = document.createElement("button");
      node.type = "button";
      node.textContent = text;
      node.setAttribute("aria-label", `${aria} ${take.label}`);
      node.addEventListener("click", onClick);
      return node;
    };
    // Mixed: the take with the song, both at full level; alone: the song silent.
    const hear = (balance) => () => {
      sendAction({ type: "listenToTake", id: take.id });
      sendAction({ type: "setTakeBalance", balance });
    };
    item.append(
      label,
      button("Mixed", "Hear with the song", hear(0)),
      button("Alone", "Hear alone", hear(1)),
      button("Delete", "Delete", () => sendAction({ type: "deleteTake", id: take.id })));
    return item;
  }));
}
$("take-song").addEventListener("click", () => sendAction({ type: "listenToSong" }));
$("take-balance").addEventListener("change", (event) => {
  sendAction({ type: "setTakeBalance", balance: Number(event.target.value) });
});

const NOTE_NAMES = ["C", "C♯", "D", "D♯", "E", "F", "F♯", "G", "G♯", "A", "A♯", "B"];
let lastNotes = "";
function renderKeyboard(notes) {
  const key = notes.join(" ");
  if (key === lastNotes) return;
  lastNotes = key;
  const strip = $("keyboard");
  strip.dataset.notes = key;
  const names = notes.map((midi) => `${NOTE_NAMES[midi % 12]}${Math.floor(midi / 12) - 1}`);
  strip.setAttribute("aria-label", names.length
    ? `Keyboard: sounding at the playhead ${names.join(", ")}` : "Keyboard: nothing sounding at the playhead");
  if (!$("practice").hidden) drawKeyboard(strip, notes);
}

// The newer of the server's toast and the page's own (an input refused, a MIDI binding learned):
// a refusal must not wait behind the toast of the action before it until it has expired itself.
function renderToast() {
  const local = localToast && performance.now() < localToast.until ? localToast.message : null;
  const message = local && (!lastToast || localToast.at > lastToastAt) ? local : (lastToast ?? local);
  $("toast").hidden = !message;
  $("toast").textContent = message ?? "";
  if (local) setTimeout(renderToast, localToast.until - performance.now() + 10);
}

function frame(atMs) {
  if (!$("practice").hidden) {
    view.playheadSec = playhead.positionAt(atMs / 1000);
    drawDetail($("wave"), view);
    drawOverview($("overview"), view);
    // Asked every frame too: a resize clears a canvas (it draws only then, or for new notes).
    drawKeyboard($("keyboard"), lastNotes ? lastNotes.split(" ").map(Number) : []);
  }
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
