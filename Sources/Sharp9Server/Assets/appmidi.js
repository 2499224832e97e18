// MIDI pedals and controllers (Web MIDI) for the practice page: a press (a note on, a control
// change crossing its middle upwards, a program change) goes to the server as {"midi": MESSAGE};
// the server sends the key bound to it, so a pedal does exactly what the key does. Learn mode
// binds a message: choose an action (press a control of the page, or pick one from the list),
// then press the pedal or controller.
import { getJSON, change } from "./api.js";

// A press in the data of one MIDI message, or null (a release, a clock, anything else).
// Control changes are kept per channel and controller: a pedal sends 127 down and 0 up, a knob
// sweeps, and only the crossing from below 64 to 64 or more is a press.
const controls = new Map();
export function pressIn(data) {
  const [status = 0, number = 0, value = 0] = data;
  const type = status & 0xf0;
  const channel = (status & 0x0f) + 1;
  if (type === 0x90 && value > 0) return { kind: "note", channel, number };
  if (type === 0xc0) return { kind: "programChange", channel, number };
  if (type === 0xb0) {
    const id = channel * 128 + number;
    const was = controls.get(id) ?? 0;
    controls.set(id, value);
    return was < 64 && value >= 64 ? { kind: "controlChange", channel, number } : null;
  }
  return null;
}

export function describeMessage(message) {
  const kind = { note: "Note", controlChange: "CC", programChange: "Program" }[message.kind] ?? message.kind;
  return `${kind} ${message.number}, channel ${message.channel}`;
}

export class MIDIInput {
  // `onPress(message)` for a press outside learn mode; `onLearned(binding)` after a binding is
  // stored; `onState()` whenever learning or the inputs change (to redraw).
  constructor({ onPress, onLearned, onError, onState }) {
    Object.assign(this, { onPress, onLearned, onError, onState });
    this.access = null;
    this.status = "MIDI not started";
    this.learning = null; // { key, label } (label, key null while a control is awaited)
    this.bindings = [];
  }

  // Asks the browser for MIDI (once): on opening, when bindings exist, and when learning starts.
  async start() {
    if (this.access) return true;
    if (!navigator.requestMIDIAccess) {
      this.status = "This browser has no Web MIDI";
      this.onState();
      return false;
    }
    try {
      this.access = await navigator.requestMIDIAccess();
    } catch (error) {
      this.status = `MIDI refused: ${error.message || error.name || error}`;
      this.onState();
      return false;
    }
    const listen = () => {
      const names = [];
      for (const input of this.access.inputs.values()) {
        input.onmidimessage = (event) => this.received(event.data);
        names.push(input.name || "MIDI input");
      }
      this.status = names.length ? `MIDI inputs: ${names.join(", ")}` : "No MIDI input connected";
      this.onState();
    };
    this.access.onstatechange = listen;
    listen();
    return true;
  }

  async loadBindings() {
    try {
      this.bindings = await getJSON("/api/app/midi-bindings");
    } catch (error) {
      this.onError(error.message);
    }
    if (this.bindings.length) await this.start();
    this.onState();
  }

  // Learning: first the action (`key` null until a control is pressed), then the message.
  async learn(key = null, label = null) {
    this.learning = { key, label };
    this.onState();
    await this.start();
  }

  chooseControl(key, label) {
    if (!this.learning) return;
    this.learning = { key, label };
    this.onState();
  }

  cancelLearning() {
    this.learning = null;
    this.onState();
  }

  async received(data) {
    const press = pressIn(data);
    if (!press) return;
    if (!this.learning) {
      this.onPress(press);
      return;
    }
    if (this.learning.key == null) return; // the action first
    const { key, label } = this.learning;
    this.learning = null;
    try {
      const binding = await change("POST", "/api/app/midi-bindings", JSON.stringify({ ...press, key }));
      await this.loadBindings();
      this.onLearned(binding, label);
    } catch (error) {
      this.onError(error.message);
    }
    this.onState();
  }

  async remove(binding) {
    try {
      await change("DELETE", `/api/app/midi-bindings/${binding.kind}/${binding.channel}/${binding.number}`);
    } catch (error) {
      this.onError(error.message);
    }
    await this.loadBindings();
  }
}
