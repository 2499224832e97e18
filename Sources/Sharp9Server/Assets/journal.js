// The journal page: per song, a chart of the minutes practised each day (bars) with the fastest
// speed heard and each day's best speed in a row (dots, right axis); under it the table of
// `sharp9 journal`, each day's loops indented below their song.
import { getJSON, formatTime, text } from "/assets/api.js";

const charts = document.getElementById("charts");
const days = document.getElementById("days");
const status = document.getElementById("status");
const inputs = ["song", "since", "inARow"].map((id) => document.getElementById(id));
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes, content) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (content != null) node.textContent = content;
  return node;
}

const speed = (x) => `${x.toFixed(2)} x`;
const pitch = (st) => `${st > 0 ? "+" : ""}${st.toFixed(2)} st`;
const range = (low, high, format) => (low === high ? format(low) : `${format(low).split(" ")[0]}–${format(high)}`);
function duration(sec) {
  const whole = Math.floor(sec), h = Math.floor(whole / 3600), m = Math.floor(whole / 60) % 60, s = whole % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

// Every day from the first to the last, as YYYY-MM-DD (UTC arithmetic on dates only).
function daysBetween(first, last) {
  const out = [];
  for (let d = new Date(`${first}T00:00:00Z`); out.length <= 366; d.setUTCDate(d.getUTCDate() + 1)) {
    const day = d.toISOString().slice(0, 10);
    out.push(day);
    if (day >= last) break;
  }
  return out;
}

function chart(song, entries, allDays) {
  const width = 720, height = 180, left = 44, right = 48, top = 10, bottom = 28;
  const plotW = width - left - right, plotH = height - top - bottom;
  const byDay = new Map(entries.map((e) => [e.day, e]));
  const most = Math.max(...entries.map((e) => e.practisedSec), 60);
  const step = plotW / allDays.length;
  const ySpeed = (x) => top + plotH - ((x - 0.25) / (2 - 0.25)) * plotH;
  const figure = document.createElement("figure");
  figure.className = "panel journal";
  figure.append(text("figcaption", song));
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": `${song}: minutes practised per day, fastest speed and best speed in a row` });
  root.append(svg("line", { x1: left, y1: top + plotH, x2: left + plotW, y2: top + plotH, class: "axis" }));
  root.append(svg("text", { x: left - 6, y: top + 10, "text-anchor": "end", class: "tick" }, `${Math.round(most / 60)} min`));
  root.append(svg("text", { x: left + plotW + 6, y: ySpeed(2) + 10, class: "tick" }, "2.00 x"));
  root.append(svg("text", { x: left + plotW + 6, y: ySpeed(1) + 4, class: "tick" }, "1.00 x"));
  root.append(svg("line", { x1: left, y1: ySpeed(1), x2: left + plotW, y2: ySpeed(1), class: "grid" }));
  allDays.forEach((day, index) => {
    const x = left + index * step;
    const entry = byDay.get(day);
    if (index === 0 || index === allDays.length - 1) {
      root.append(svg("text", { x: x + step / 2, y: height - 8, "text-anchor": "middle", class: "tick" }, day.slice(5)));
    }
    if (!entry) return;
    const h = (entry.practisedSec / most) * plotH;
    const bar = svg("rect", { x: x + step * 0.15, y: top + plotH - h, width: step * 0.7, height: h, class: "bar" });
    bar.append(svg("title", {}, `${day}: ${duration(entry.practisedSec)} practised, ${entry.loopPasses} passes`));
    root.append(bar);
    const fastest = svg("circle", { cx: x + step / 2, cy: ySpeed(entry.speedMax), r: 3, class: "fastest" });
    fastest.append(svg("title", {}, `${day}: fastest ${speed(entry.speedMax)}`));
    root.append(fastest);
    const best = Math.max(...entry.loops.map((l) => l.bestSpeedInARow ?? -1));
    if (best > 0) {
      const dot = svg("rect", { x: x + step / 2 - 4, y: ySpeed(best) - 4, width: 8, height: 8, class: "best" });
      dot.append(svg("title", {}, `${day}: best in a row ${speed(best)}`));
      root.append(dot);
    }
  });
  figure.append(root);
  return figure;
}

function row(cells, cls) {
  const tr = document.createElement("tr");
  if (cls) tr.className = cls;
  for (const [content, c] of cells) tr.append(text("td", content, c));
  return tr;
}

async function load() {
  const query = new URLSearchParams();
  const [song, since, inARow] = inputs.map((input) => input.value.trim());
  if (song) query.set("song", song);
  if (since) query.set("since", since);
  if (inARow) query.set("inARow", inARow);
  let entries;
  try {
    entries = await getJSON(`/api/journal?${query}`);
    status.textContent = entries.length ? "" : "no practice recorded";
  } catch (error) {
    status.textContent = error.message;
    return;
  }
  charts.replaceChildren();
  days.replaceChildren();
  if (!entries.length) return;
  const allDays = daysBetween(entries[0].day, entries.map((e) => e.day).sort().at(-1));
  for (const name of [...new Set(entries.map((e) => e.song))].sort()) {
    charts.append(chart(name, entries.filter((e) => e.song === name), allDays));
  }
  for (const e of entries) {
    days.append(row([[e.day], [e.song], [duration(e.practisedSec), "num"], [String(e.loopPasses), "num"],
      [range(e.speedMin, e.speedMax, speed)], [range(e.pitchMin, e.pitchMax, pitch)], [String(e.takes), "num"]]));
    for (const loop of e.loops) {
      const points = `${formatTime(loop.aSec)}–${formatTime(loop.bSec)}`;
      days.append(row([[""], [loop.name ? `${loop.name} (${points})` : points, "dim"], [""],
        [String(loop.passes), "num"],
        [loop.bestSpeedInARow == null ? "-" : `best ${speed(loop.bestSpeedInARow)} × ${inputs[2].value || 3}`],
        [""], [""]], "loop"));
    }
  }
}

for (const input of inputs) input.addEventListener("change", load);
load();
