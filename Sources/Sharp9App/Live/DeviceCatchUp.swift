import Sharp9Audio

/// How far the audio thread can render before an action's command reaches it: not just the
/// block after what it has rendered, because a device's callbacks come in bursts. PulseAudio's
/// ALSA plugin asks for a whole period at once (five 256-frame callbacks back to back, every 29
/// ms, seen on this machine), and any device catches up after a late wake-up, up to its
/// buffer's fill. A frame claimed at the rendered end is then taken back within a fraction of a
/// millisecond, again and again through the burst (and a reserved one overtaken and heard late).
///
/// The buffer's fill after a callback is known from the device's timestamps (its block reaches the
/// DAC `dacTimeSec - callbackTimeSec` after the callback), and the DAC moves at the sample rate.
/// So the frame the audio thread can have rendered by any moment is the rendered end plus the
/// whole blocks that fit up to the DAC's frame then plus the most the buffer held in the last
/// callbacks: an action is claimed no earlier (a song's opening is reserved a block past it, and
/// ``ControlLead`` covers its longer sends). A device that calls back regularly has room for no
/// whole block between its callbacks, and an action takes the rendered end; in a bursty one, it
/// is heard no later than one full buffer after the press.
struct DeviceCatchUp {
  /// The fewest callbacks whose fills are remembered. A device that stalled catches up in a
  /// burst as long as its buffer, so the fills from before a stall must outlast the catch-up:
  /// at least twice the largest fill's callbacks are remembered, however long the stall lasted
  /// on the clock. Counted in callbacks, not seconds, so that a fill reported too large (a sound
  /// server's latency estimate drifts up and snaps back) is forgotten within ~0.4 s of playing.
  static let fewestRemembered = 64
  /// The largest fill believed: timestamps that say more are not a buffer's.
  static let maximumAheadSec = 2.0

  /// Where the DAC was (in frames) at a moment on ``MonotonicClock``, from the latest report.
  private var dac: (frame: Double, atSec: Double)?
  /// Fills after the remembered callbacks, in frames: each one larger than every later one
  /// (so the first is the largest remembered), with the number of its callback.
  private var fills: [(callback: Int, frames: Double)] = []
  /// Callbacks heard so far.
  private var callbacks = 0

  /// Takes a report of a device callback (one without the device's timestamps is skipped).
  mutating func heard(_ report: EngineReport, rate: Double) {
    guard report.dacTimeSec > 0, report.callbackTimeSec > 0, report.callbackClockSec > 0 else {
      return
    }
    let leadSec = report.dacTimeSec - report.callbackTimeSec
    guard leadSec >= 0, leadSec <= Self.maximumAheadSec else { return }
    callbacks += 1
    let dacFrame = Double(report.frame - Int64(report.blockFrames)) - leadSec * rate
    dac = (dacFrame, report.callbackClockSec)
    let fill = Double(report.frame) - dacFrame
    let largest = max(fills.first?.frames ?? 0, fill)
    let remembered = max(
      Self.fewestRemembered, 2 * Int((largest / Double(max(1, report.blockFrames))).rounded(.up)))
    fills.removeAll { $0.callback <= callbacks - remembered || $0.frames <= fill }
    fills.append((callbacks, fill))
  }

  /// The frame the audio thread can have rendered up to at `atSec` (on ``MonotonicClock``): past
  /// `renderedFrame` by as many whole blocks of `blockFrames` as fit between it and the DAC's
  /// frame then plus the largest fill remembered (a device asks for a block once it has room for
  /// one), and at most by that fill (a device that stopped calling back does not push actions
  /// further away); nil before a report with the device's timestamps.
  func frame(atSec: Double, rate: Double, renderedFrame: Int64, blockFrames: Int) -> Int64? {
    guard let dac, let fill = fills.first?.frames else { return nil }
    let room = min(dac.frame + (atSec - dac.atSec) * rate + fill - Double(renderedFrame), fill)
    let block = Int64(max(1, blockFrames))
    return renderedFrame + Int64(max(0, room)) / block * block
  }
}
