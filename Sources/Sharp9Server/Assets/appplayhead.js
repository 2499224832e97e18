// The practice page's playhead between the server's states. A state arrives at most every 25 ms
// (less often on a device with large blocks), the page draws every animation frame: from the
// last state's position, the playhead moves on as its `motion` says (the server's words for the
// engine's rules: speed × device time, the loop's B to A, a stop at the end), at the device time
// the page estimates from the states' arrivals.
//
// Corrections are never drawn backwards: the device time drawn only grows, so a new state that
// continues the last one (as every state does while the music plays on) continues the drawing
// exactly, and when the estimate ran ahead (the device stalled, or a state came late) the
// playhead waits for the music instead of jumping back. What the state says itself is drawn at
// once: a seek, a wrap at B, a speed change.

// How far past its state's device time the playhead is drawn when no new state comes: about
// eight states' worth, more than a loaded machine delays one, less than a glance notices.
const MAX_AHEAD_SEC = 0.2;
// The estimate of the device's clock is the least (arrival − device time) of the states that
// came in this many seconds: the state that came quickest sets it, and a device clock that
// drifts is followed within this time (one that stalled, at once).
const WINDOW_SEC = 2;

export class PlayheadClock {
  constructor() {
    this.reset();
  }

  // A new session: its engine's clock starts anew.
  reset() {
    this.state = null;
    // (arrival, arrival − device time) of the recent moving states, oldest first.
    this.samples = [];
    this.offsetSec = null;
    // The device time last drawn.
    this.deviceSec = -Infinity;
  }

  // A state arrived at `nowSec` on the page's clock (performance.now() in seconds).
  arrived(state, nowSec) {
    this.state = state;
    const motion = state.motion;
    if (!motion) return;
    const offsetSec = nowSec - motion.clockSec;
    // A state later than the drawing may run ahead: the device lost that time (it stalled), so
    // the states before it say nothing of its clock now.
    if (offsetSec > this.offsetSec + MAX_AHEAD_SEC) this.samples = [];
    this.samples.push({ atSec: nowSec, offsetSec });
    while (this.samples[0].atSec < nowSec - WINDOW_SEC) this.samples.shift();
    this.offsetSec = Math.min(...this.samples.map((sample) => sample.offsetSec));
  }

  // Where the playhead is drawn at `nowSec` on the page's clock, in source seconds. Called with
  // the times frames are drawn at, in order.
  positionAt(nowSec) {
    const state = this.state;
    if (!state) return 0;
    const motion = state.motion;
    if (!motion || this.offsetSec == null) return state.playheadSec;
    const estimate = Math.max(this.deviceSec, nowSec - this.offsetSec);
    this.deviceSec = Math.min(Math.max(estimate, motion.clockSec), motion.clockSec + MAX_AHEAD_SEC);
    const sec = state.playheadSec + (this.deviceSec - motion.clockSec) * motion.speed;
    const loop = motion.loop;
    if (loop && sec >= loop.bSec) {
      if (motion.holdsAtLoopStart) return loop.aSec;
      return loop.aSec + ((sec - loop.bSec) % (loop.bSec - loop.aSec));
    }
    return Math.min(sec, motion.endSec);
  }
}
