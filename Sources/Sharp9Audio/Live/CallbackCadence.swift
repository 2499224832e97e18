import Atomics

/// When the device's callbacks come, so that an action's frame can be the first one the next
/// callback renders when there is time to queue it before that callback begins.
///
/// An action's frame must be one the audio thread has not begun rendering when its commands
/// reach the queue, else it is applied late and the device plays something other than the log
/// says. Reserving one whole callback past the block being rendered is safe whenever the
/// callback comes, but makes an action wait one to two callbacks (5.8 to 11.6 ms at 256 frames
/// and 44.1 kHz): most of the practice page's input → DAC time after the device's own latency.
/// While callbacks come regularly (none sooner than half a period after the one before for
/// ``settleSec``), the next callback is due a period after the last one began; the action takes
/// the first frame of the first callback due a margin after its commands will be queued (now,
/// plus the sender's lead), and waits one callback or less after that. Bursts (a sound server
/// that asks for several blocks at once, the null clock), a stalled device and a slow sender
/// keep the whole callback of room.
///
/// The audio side writes, without a lock or allocation, once per callback:
/// ``noteCallback(enteredSec:rate:frames:framesPerCallback:)`` before it publishes the end of the
/// block it renders, ``published(enteredSec:)`` after.
final class CallbackCadence: Sendable {
  /// How long callbacks must have come regularly before an action may take the next one.
  static let settleSec = 1.0
  /// How much sooner than a period after the one before a callback may come and still be
  /// regular, in periods.
  static let jitterPeriods = 0.5
  /// The margin kept between the commands reaching the queue and the callback due to render
  /// their frame, in periods (1.5 ms at 256 frames and 44.1 kHz: the callbacks' spread measured
  /// through PulseAudio was 0.4 ms at p99).
  static let marginPeriods = 0.25

  /// When the last callback began (`MonotonicClock` seconds' bit pattern; 0: none yet).
  private let lastBits = ManagedAtomic<UInt64>(0)
  /// When a callback last came sooner than the margin allows (0: never).
  private let irregularBits = ManagedAtomic<UInt64>(0)

  /// Notes a callback of `frames` that began at `enteredSec` (audio side; call before the
  /// block's end is published). It is irregular when it came sooner than the margin allows after
  /// the one before, or is not of the stream's `framesPerCallback`.
  func noteCallback(enteredSec: Double, rate: Double, frames: Int, framesPerCallback: Int) {
    let period = Double(framesPerCallback) / rate
    let last = Double(bitPattern: lastBits.load(ordering: .relaxed))
    if frames != framesPerCallback
      || (last > 0 && enteredSec - last < period * (1 - Self.jitterPeriods))
    {
      irregularBits.store(enteredSec.bitPattern, ordering: .releasing)
    }
  }

  /// Publishes that the callback that began at `enteredSec` is rendering (audio side; call after
  /// the block's end is published).
  func published(enteredSec: Double) {
    lastBits.store(enteredSec.bitPattern, ordering: .releasing)
  }

  /// When the last callback began, and when callbacks were last irregular (control side).
  func snapshot() -> (lastSec: Double, irregularSec: Double) {
    (
      Double(bitPattern: lastBits.load(ordering: .acquiring)),
      Double(bitPattern: irregularBits.load(ordering: .acquiring))
    )
  }

  /// The first frame an action sent at `nowSec` can take. When callbacks are regular: the first
  /// frame of the first callback due at least a margin after the commands, queued within
  /// `leadSec`, reach the queue (`renderedUntil` is the next callback's). Else, or when that is
  /// later: one callback past `renderedUntil` and `leadSec` further, whenever callbacks come.
  static func firstFrame(
    renderedUntil: Int64, framesPerCallback: Int, rate: Double, leadSec: Double,
    nowSec: Double, lastSec: Double, irregularSec: Double
  ) -> Int64 {
    let lead = max(0, leadSec)
    let roomy = renderedUntil + Int64(framesPerCallback) + Int64((lead * rate).rounded(.up))
    let period = Double(framesPerCallback) / rate
    guard lastSec > 0, nowSec >= lastSec, nowSec - irregularSec >= settleSec else {
      return roomy
    }
    // Callbacks are due at lastSec + k × period, k = 1, 2, …; the k-th renders from
    // renderedUntil + (k − 1) × framesPerCallback.
    let queued = nowSec + lead + period * marginPeriods
    let k = ((queued - lastSec) / period).rounded(.down) + 1
    guard k <= 2 else { return roomy }
    return min(roomy, renderedUntil + Int64(k - 1) * Int64(framesPerCallback))
  }
}
