// The sessions page: the list with search, and importing a dropped bundle.
import { getJSON, change, formatTime, text } from "/assets/api.js";

const body = document.getElementById("sessions");
const search = document.getElementById("search");
const status = document.getElementById("status");
let sessions = [];

async function load() {
  sessions = await getJSON("/api/sessions");
  render();
}

function render() {
  const q = search.value.trim().toLowerCase();
  body.replaceChildren();
  for (const s of sessions) {
    const hay = `${s.title} ${s.id} ${s.audio || ""} ${s.device || ""}`.toLowerCase();
    if (q && !hay.includes(q)) continue;
    const row = document.createElement("tr");
    const link = text("a", s.title || "(untitled)");
    link.href = `/sessions/${s.id}`;
    const title = document.createElement("td");
    title.append(link);
    row.append(title, text("td", s.startedAt.replace("T", " ").replace(/\.\d+Z$/, "Z")),
      text("td", formatTime(s.durationSec), "num"), text("td", s.events.toLocaleString("en"), "num"),
      text("td", s.audio || "-"), text("td", s.device || "here", s.device ? "" : "dim"),
      text("td", s.id.slice(0, 8), "dim"));
    body.append(row);
  }
  const n = sessions.length;
  document.getElementById("count").textContent = `${n} session${n === 1 ? "" : "s"}`;
}

async function upload(file) {
  status.textContent = `importing ${file.name}…`;
  try {
    const result = await change("POST", "/api/bundles", file);
    status.textContent = result.alreadyPresent
      ? `${result.title} was already here` : `imported ${result.title} (${result.events} events)`;
    await load();
  } catch (error) {
    status.textContent = `import failed: ${error.message}`;
  }
}

const drop = document.getElementById("drop");
for (const name of ["dragenter", "dragover"]) {
  drop.addEventListener(name, (e) => { e.preventDefault(); drop.classList.add("over"); });
}
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
drop.addEventListener("drop", (e) => {
  e.preventDefault();
  drop.classList.remove("over");
  if (e.dataTransfer.files[0]) upload(e.dataTransfer.files[0]);
});
document.getElementById("file").addEventListener("change", (e) => {
  if (e.target.files[0]) upload(e.target.files[0]);
});
search.addEventListener("input", render);
load().catch((error) => { status.textContent = error.message; });
