// The API client: the per-run token (from ?token= in the URL serve printed, kept for the tab),
// carried by every request: a server reached from other machines refuses reads without it.
const url = new URL(location.href);
if (url.searchParams.get("token")) {
  sessionStorage.setItem("sharp9-token", url.searchParams.get("token"));
  url.searchParams.delete("token");
  history.replaceState(null, "", url);
}
export const token = () => sessionStorage.getItem("sharp9-token") || "";

// A path whose request cannot carry a header (a live stream, an <audio> source, a download
// link) carries the token in its query.
export function withToken(path) {
  return `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(token())}`;
}

const reading = () => ({ headers: { "X-Sharp9-Token": token() } });

export async function getJSON(path) {
  const response = await fetch(path, reading());
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

export async function getBytes(path) {
  const response = await fetch(path, reading());
  if (!response.ok) throw new Error((await response.json()).error || response.statusText);
  return { buffer: await response.arrayBuffer(), headers: response.headers };
}

export async function change(method, path, body) {
  const headers = { "X-Sharp9-Token": token() };
  // Text is always JSON here (a file goes as its own bytes and type).
  if (typeof body === "string") headers["Content-Type"] = "application/json";
  const response = await fetch(path, { method, body, headers });
  const json = await response.json();
  if (!response.ok) throw new Error(json.error || response.statusText);
  return json;
}

export function formatTime(sec) {
  if (sec == null || !isFinite(sec)) return "-";
  const m = Math.floor(sec / 60), s = sec - m * 60;
  return `${String(m).padStart(2, "0")}:${s.toFixed(2).padStart(5, "0")}`;
}

export function text(tag, content, cls) {
  const node = document.createElement(tag);
  if (content != null) node.textContent = content;
  if (cls) node.className = cls;
  return node;
}
