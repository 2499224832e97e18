// The virtualized event list: only the rows in view exist in the page; rows are fetched a page
// of 200 events at a time. Filtering works on the event index (one byte per event: kind code and
// a "changed something" bit), so a million events filter without a request per event.
import { getJSON, formatTime } from "/assets/api.js";

const ROW = 24, PAGE = 200;

export class EventList {
  constructor(element, sessionId, onPick) {
    this.element = element;
    this.spacer = element.querySelector("#spacer");
    this.sessionId = sessionId;
    this.onPick = onPick;
    this.pages = new Map();
    this.rows = new Map();
    this.visible = new Int32Array(0);
    this.selected = 0;
    element.addEventListener("scroll", () => this.draw());
    element.addEventListener("click", (e) => {
      const row = e.target.closest(".row");
      if (row) this.onPick(Number(row.dataset.seq), true);
    });
  }

  /** Every event `1...count`, unfiltered: what the list shows until the index arrives. */
  showAll(count) {
    const all = new Int32Array(count);
    for (let i = 0; i < count; i++) all[i] = i + 1;
    this.show(all, false); // drawn by the first select(), where it scrolls to
  }

  /**
   * Rebuilds the visible seqs from the index: `kinds` (a Set of kind codes), `changedOnly`,
   * `seqQuery` (a #seq prefix) and `matches` (one byte per event from the search, or null).
   */
  filter(index, kinds, changedOnly, seqQuery, matches) {
    const out = new Int32Array(index.length);
    let n = 0;
    for (let i = 0; i < index.length; i++) {
      const b = index[i];
      if (!kinds.has(b & 0x7f)) continue;
      if (changedOnly && !(b & 0x80)) continue;
      if (matches && !matches[i]) continue;
      out[n++] = i + 1;
    }
    let visible = out.subarray(0, n);
    if (seqQuery != null) visible = visible.filter((s) => String(s).startsWith(String(seqQuery)));
    this.show(visible);
  }

  show(visible, draw = true) {
    this.visible = visible;
    this.spacer.style.height = `${this.visible.length * ROW}px`;
    for (const node of this.rows.values()) node.remove();
    this.rows.clear();
    if (draw) this.draw();
  }

  /** Resolves when the rows in view have their events (the first page is usable). */
  async ready() {
    this.draw();
    while (this.missing() != null) await this.load();
  }

  /** The position of the first visible seq at or after `seq`. */
  position(seq) {
    let lo = 0, hi = this.visible.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (this.visible[mid] < seq) lo = mid + 1; else hi = mid; }
    return lo;
  }

  select(seq, follow = true) {
    this.selected = seq;
    // The row shown as current: the selected event, or the last shown one before it (a tick
    // selected while ticks are hidden).
    this.current = this.visible[this.position(seq + 1) - 1] ?? 0;
    if (follow) {
      const top = this.position(seq) * ROW, view = this.element.clientHeight;
      if (top < this.element.scrollTop || top > this.element.scrollTop + view - ROW) {
        this.element.scrollTop = Math.max(0, top - view / 2);
      }
    }
    this.draw();
  }

  /** The rows in view: positions `first..<end` of the visible seqs. */
  inView() {
    const first = Math.floor(this.element.scrollTop / ROW);
    return { first, end: Math.min(this.visible.length, first + Math.ceil(this.element.clientHeight / ROW) + 2) };
  }

  /** The number of the first page the rows in view need and the list does not have, or null. */
  missing() {
    const { first, end } = this.inView();
    for (let i = first; i < end; i++) {
      const number = Math.floor((this.visible[i] - 1) / PAGE);
      if (!this.pages.has(number)) return number;
    }
    return null;
  }

  // Pages are fetched one at a time, and always one the rows in view need now: a drag scrolls
  // past thousands of pages, and a request for each would hold the state's behind them.
  load() {
    const number = this.missing();
    if (this.loading || number == null) return this.loading ?? Promise.resolve();
    this.loading = getJSON(`/api/sessions/${this.sessionId}/events?from=${number * PAGE + 1}&limit=${PAGE}`)
      .then((rows) => { this.loading = null; this.pages.set(number, rows); this.draw(); },
        (error) => { this.loading = null; throw error; });
    return this.loading;
  }

  /** Forgets the last page (it grows while a session is recorded). */
  invalidateFrom(seq) {
    for (const key of [...this.pages.keys()]) if ((key + 1) * PAGE >= seq) this.pages.delete(key);
  }

  draw() {
    const { first, end } = this.inView();
    const keep = new Set();
    for (let i = first; i < end; i++) {
      const seq = this.visible[i];
      keep.add(seq);
      let node = this.rows.get(seq);
      if (!node) {
        node = document.createElement("div");
        node.className = "row";
        node.setAttribute("role", "option");
        node.dataset.seq = seq;
        node.textContent = `#${seq} …`;
        this.element.append(node);
        this.rows.set(seq, node);
      }
      node.style.top = `${i * ROW}px`;
      node.classList.toggle("sel", seq === this.current);
      node.classList.toggle("future", seq > this.selected);
      node.setAttribute("aria-selected", seq === this.current);
      const pageNumber = Math.floor((seq - 1) / PAGE);
      const event = this.pages.get(pageNumber)?.[seq - 1 - pageNumber * PAGE];
      if (event && node.dataset.filled !== "1") {
        node.dataset.filled = "1";
        node.dataset.kind = event.action.type;
        node.innerHTML = "";
        const add = (cls, t) => { const s = document.createElement("span"); s.className = cls; s.textContent = t; node.append(s); };
        add("seq", `#${event.seq}`); add("t", formatTime(event.t)); add("what", event.summary);
        if (event.effects.length) add("fx", `  → ${event.effects.map((e) => e.type).join(", ")}`);
      }
    }
    for (const [seq, node] of this.rows) if (!keep.has(seq)) { node.remove(); this.rows.delete(seq); }
    this.load().catch(() => {}); // a failed page is asked for again when the list draws again
  }
}
