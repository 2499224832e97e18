// The practice page's playhead between the server's states. A state arrives at most every 25 ms
// (less often on a device with large blocks), the page draws every animation frame: from the
// last state's position, the playhead moves on as its `motion` says (the server's words for the
// engine's rules: speed × device time, the loop's B to A, a stop at the end), on the device's
// clock as the page estimates it. Each new state replaces the last: a seek or a speed change
// shows at once, and in between the estimate is continuous, so no correction is drawn backwards
// by more than a state's worth of motion.

// How far past its state the playhead is drawn when no new state comes (the server stalled):
// then it stops, rather than run away from the music.
const MAX_AHEAD_SEC = 0.5;
// How fast the estimate of the device's clock may fall behind (a fraction of the time since the
// last state): it follows a device clock slower than the page's, and a delay that grew, by at
// most 1 % of the motion, which no eye sees.
const CREEP = 0.01;
// An arrival this much later than the estimate says is a new clock (a new engine), not a delay.
const NEW_CLOCK_SEC = 1;

export class PlayheadClock {
  constructor() {
    this.state = null;
    // The page's time minus the device's (seconds): the least seen, so the state that came
    // quickest sets it, and a late one cannot move the playhead backwards.
    this.offsetSec = null;
    this.sampledAt = 0;
  }

  // A state arrived at `nowSec` on the page's clock (performance.now() in seconds).
  arrived(state, nowSec) {
    this.state = state;
    const motion = state.motion;
    if (!motion) return;
    const offset = nowSec - motion.clockSec;
    if (this.offsetSec == null || offset > this.offsetSec + NEW_CLOCK_SEC) {
      this.offsetSec = offset;
    } else {
      this.offsetSec = Math.min(this.offsetSec + CREEP * (nowSec - this.sampledAt), offset);
    }
    this.sampledAt = nowSec;
  }

  // A new session: its engine's clock starts anew.
  reset() {
    this.state = null;
    this.offsetSec = null;
  }

  // Where the playhead is at `nowSec` on the page's clock, in source seconds.
  positionAt(nowSec) {
    const state = this.state;
    if (!state) return 0;
    const motion = state.motion;
    if (!motion || this.offsetSec == null) return state.playheadSec;
    const elapsed = Math.min(Math.max(0, nowSec - this.offsetSec - motion.clockSec), MAX_AHEAD_SEC);
    const sec = state.playheadSec + elapsed * motion.speed;
    const loop = motion.loop;
    if (loop && sec >= loop.bSec) {
      if (motion.holdsAtLoopStart) return loop.aSec;
      return loop.aSec + ((sec - loop.bSec) % (loop.bSec - loop.aSec));
    }
    return Math.min(sec, motion.endSec);
  }
}
