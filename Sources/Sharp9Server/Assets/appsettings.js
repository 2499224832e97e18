// The practice page's sheets beyond the session: settings (the output device, the MIDI bindings
// and learning one, the shortcuts) and the song library. Each choice goes to the server, which
// keeps it; the page only lists what the server answers.
import { getJSON, change, text } from "./api.js";
import { describeMessage } from "./appmidi.js";

const $ = (id) => document.getElementById(id);

// The actions a pedal can be bound to, by key: the page's controls (in page order, their labels
// as the HTML gives them), the lock and the skips.
export function bindableActions() {
  const actions = new Map();
  for (const button of document.querySelectorAll("#practice [data-key]")) {
    const key = button.dataset.key;
    if (!actions.has(key)) actions.set(key, button.dataset.action ?? button.getAttribute("aria-label"));
  }
  actions.set("L", "Lock");
  actions.set("ArrowLeft", "Skip back 5 s");
  actions.set("ArrowRight", "Skip forward 5 s");
  return actions;
}

export function setupSettings({ midi, actions, showKeys, toast }) {
  for (const [key, label] of actions) {
    const option = text("option", label);
    option.value = key;
    $("learn-action").append(option);
  }

  async function loadDevices() {
    const select = $("device-select");
    select.replaceChildren();
    try {
      const choice = await getJSON("/api/app/devices");
      $("device-now").textContent = choice.playing
        ? `Playing on ${choice.playing.replace(/^device /, "")}.` : "No session is open.";
      const none = text("option", "No device (the null clock)");
      none.value = "";
      none.disabled = true;
      select.append(none);
      for (const device of choice.devices) {
        const option = text("option", `${device.name} (${device.hostAPI})${device.isDefault ? ", default" : ""}`);
        option.value = device.name;
        select.append(option);
      }
      select.value = choice.next ?? "";
      // Left enabled with nothing to choose: the sheet focuses it on opening.
      select.disabled = false;
    } catch (error) {
      $("device-now").textContent = error.message;
      select.disabled = true;
    }
  }
  $("device-select").addEventListener("change", async () => {
    const name = $("device-select").value;
    try {
      await change("POST", "/api/app/device", JSON.stringify({ name }));
      toast(`The next song opened plays on ${name}`);
    } catch (error) {
      toast(error.message);
      loadDevices();
    }
  });

  function renderBindings() {
    $("midi-status").textContent = midi.status;
    const list = $("midi-list");
    // The list is drawn anew: focus on one of its buttons (a Delete just pressed) stays in it.
    const hadFocus = list.contains(document.activeElement);
    list.replaceChildren();
    if (!midi.bindings.length) list.append(text("li", "No bindings yet.", "hint"));
    for (const binding of midi.bindings) {
      const item = text("li");
      const label = actions.get(binding.key) ?? `Key ${binding.key}`;
      const words = text("span", `${describeMessage(binding)} → ${label}`);
      const remove = text("button", "Delete");
      remove.type = "button";
      remove.setAttribute("aria-label", `Delete the binding of ${describeMessage(binding)} to ${label}`);
      remove.addEventListener("click", () => midi.remove(binding));
      item.append(words, remove);
      list.append(item);
    }
    if (hadFocus) (list.querySelector("button") ?? $("learn-action")).focus();
  }

  async function open() {
    renderBindings();
    if (!$("settings").open) $("settings").showModal();
    await Promise.all([loadDevices(), midi.loadBindings()]);
    // What the sheet focused on opening may have been drawn anew meanwhile.
    if ($("settings").open && !$("settings").contains(document.activeElement)) $("learn-action").focus();
  }
  $("menu-settings").addEventListener("click", open);
  $("settings-keys").addEventListener("click", () => {
    $("settings").close();
    showKeys();
  });
  // Learning needs the page (to press a control, then the pedal): the sheet gives way to the
  // banner.
  $("learn").addEventListener("click", () => {
    const key = $("learn-action").value || null;
    $("settings").close();
    midi.learn(key, key ? actions.get(key) : null);
  });
  $("learn-cancel").addEventListener("click", () => midi.cancelLearning());
  return { renderBindings };
}

export function renderLearning(midi) {
  const banner = $("learn-banner");
  banner.hidden = !midi.learning;
  document.body.classList.toggle("learning", Boolean(midi.learning));
  if (!midi.learning) return;
  $("learn-text").textContent = midi.learning.key == null
    ? "MIDI learn: press the control to bind (Esc cancels)"
    : `MIDI learn: now press the pedal or controller for “${midi.learning.label}” (Esc cancels)`;
}

export function setupLibrary({ toast, closeMenu }) {
  async function open() {
    closeMenu();
    const list = $("library-list");
    list.replaceChildren();
    let songs = [];
    try {
      songs = await getJSON("/api/app/library");
    } catch (error) {
      toast(error.message);
    }
    $("library-empty").hidden = songs.length > 0;
    for (const song of songs) {
      const button = text("button");
      button.type = "button";
      button.className = "song";
      const when = new Date(song.lastPractised).toLocaleString();
      button.append(text("span", song.title, "title"),
        text("span", `${song.durationText ?? "–"} · last practised ${when}`, "hint"));
      button.setAttribute("aria-label",
        `Open ${song.title}, ${song.durationText ?? "length unknown"}, last practised ${when}`);
      button.addEventListener("click", async () => {
        $("library").close();
        try {
          await change("POST", "/api/app/library/open", JSON.stringify({ song: song.song }));
        } catch (error) {
          toast(error.message);
        }
      });
      const item = text("li");
      item.append(button);
      list.append(item);
    }
    if (!$("library").open) $("library").showModal();
  }
  $("menu-library").addEventListener("click", open);
}
