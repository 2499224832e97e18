// The right panel: the state as a collapsible tree with the fields the selected event changed
// highlighted, the diff against the previous event (markers keyed by time, not id), the undo
// history at the event, and the verify and check results.
import { getJSON, formatTime, text } from "/assets/api.js";

/** Flattens a state into path → JSON text; markers are keyed by their time. */
export function flatten(value, path = "", out = new Map()) {
  if (path === "markers" && Array.isArray(value)) {
    for (const m of value) flatten({ timeSec: m.timeSec }, `markers[@${formatTime(m.timeSec)}]`, out);
    if (!value.length) out.set(path, "[]");
    return out;
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (!keys.length) out.set(path, "{}");
    for (const key of keys) flatten(value[key], path ? `${path}.${key}` : key, out);
  } else {
    out.set(path, JSON.stringify(value));
  }
  return out;
}

export function diff(before, after) {
  const a = flatten(before), b = flatten(after), changes = [];
  for (const [path, value] of b) if (a.get(path) !== value) changes.push({ path, before: a.get(path), after: value });
  for (const [path, value] of a) if (!b.has(path)) changes.push({ path, before: value, after: undefined });
  return changes;
}

function tree(value, key, changed, path) {
  if (value && typeof value === "object") {
    const details = document.createElement("details");
    details.open = path.split(".").length < 3 && key !== "history";
    const summary = document.createElement("summary");
    summary.append(text("span", key, "k"), text("span", Array.isArray(value) ? ` [${value.length}]` : ""));
    if ([...changed].some((p) => p.startsWith(path))) summary.classList.add("changed");
    details.append(summary);
    // A closed branch is built when it is first opened: a long marker list or history would
    // otherwise cost every selection its nodes.
    const fill = () => {
      for (const [k, v] of Object.entries(value)) details.append(tree(v, k, changed, path ? `${path}.${k}` : k));
    };
    if (details.open) fill();
    else details.addEventListener("toggle", fill, { once: true });
    return details;
  }
  const line = document.createElement("div");
  line.append(text("span", `${key}: `, "k"), text("span", JSON.stringify(value)));
  if (changed.has(path)) line.classList.add("changed");
  line.dataset.path = path;
  return line;
}

export function renderState(container, state, previous) {
  const changes = previous ? diff(previous, state) : [];
  const changed = new Set(changes.map((c) => c.path.replace(/\[@[^\]]*\]/, "")));
  container.replaceChildren(...Object.entries(state).map(([k, v]) => tree(v, k, changed, k)));
}

export function renderDiff(container, state, previous) {
  const changes = previous ? diff(previous, state) : [];
  const list = document.createElement("div");
  list.className = "diff";
  if (!changes.length) list.append(text("div", "This event changed nothing.", "dim"));
  for (const c of changes) {
    const row = document.createElement("div");
    row.append(text("span", `${c.path}: `, "k"), text("span", c.before ?? "(absent)", "before"),
      text("span", " → "), text("span", c.after ?? "(absent)", "after"));
    list.append(row);
  }
  container.replaceChildren(list);
}

export async function renderHistory(container, sessionId, at) {
  const h = await getJSON(`/api/sessions/${sessionId}/history?at=${at}`);
  const list = document.createElement("div");
  list.append(text("div", `${h.cursor} of ${h.edits.length} edits applied` +
    (h.forgotten ? `, ${h.forgotten} forgotten` : ""), "dim"));
  h.edits.forEach((s, i) => {
    if (i === h.cursor) list.append(text("div", "── cursor ── (undo above, redo below)", "dim"));
    const row = text("div", `${s.number}. #${s.seq} ${formatTime(s.t)} ${s.name} — ${s.applied ? "applied" : "undone"} `);
    row.className = s.applied ? "" : "dim";
    row.append(text("span", s.changes.map((c) => `${c.path}: ${c.before} → ${c.after}`).join("; "), "dim"));
    list.append(row);
  });
  if (h.cursor === h.edits.length && h.edits.length) list.append(text("div", "── cursor ──", "dim"));
  container.replaceChildren(list);
}

export async function renderChecks(container, sessionId, link) {
  container.replaceChildren(text("div", "Replaying…", "dim"));
  const [verify, check] = await Promise.all([
    getJSON(`/api/sessions/${sessionId}/verify`), getJSON(`/api/sessions/${sessionId}/check`)]);
  const out = document.createElement("div");
  const v = document.createElement("div");
  if (verify.ok) {
    v.append(text("span", "verify ok", "ok"), text("span", `: ${verify.eventsReplayed} events, ${verify.checkpointsCompared} checkpoints match`));
  } else {
    v.append(text("span", "verify diverged", "bad"), text("span", " at checkpoint "), link(verify.divergence.seq),
      text("span", ` (events ${verify.divergence.lastAgreeingSeq + 1}…${verify.divergence.seq})`));
    for (const c of verify.divergence.changes) v.append(text("div", `${c.path}: ${c.before} → ${c.after}`, "dim"));
  }
  const c = document.createElement("div");
  if (check.ok) {
    c.append(text("span", "check ok", "ok"), text("span", `: ${check.eventsChecked} events keep every invariant`));
  } else {
    // The report carries the action; its one-line summary is the event list's.
    const [event] = await getJSON(`/api/sessions/${sessionId}/events?from=${check.finding.seq}&limit=1`);
    c.append(text("span", "invariant violated", "bad"), text("span", " at event "), link(check.finding.seq),
      text("span", ` ${event?.summary ?? check.finding.action.type}`));
    for (const line of check.finding.violations) c.append(text("div", line, "dim"));
    for (const d of check.finding.changes) c.append(text("div", `${d.path}: ${d.before} → ${d.after}`, "dim"));
  }
  out.append(v, c);
  container.replaceChildren(out);
}
