/// How far past the engine's next callback a song's opening is reserved: room for the app core
/// to reduce it and the marks restored with it, append them durably and hand their effects to
/// the engine before the engine renders that frame. (A musician's other actions claim their
/// frame instead, ``LiveEngine/claimFrame(notBefore:)``, and need no lead.)
///
/// An action whose effects reach the engine after their frame was rendered is applied late: the
/// device played something other than what the log says (the engine counts it, and the render no
/// longer equals what was heard). A durable append usually takes a millisecond, but a disk busy
/// with another fsync (a take being written once a second, another program) stalls it for tens
/// of milliseconds (17 ms at p99 and 54 at worst, measured on a shared machine while a take-sized
/// file was synced once a second), and such stalls come in runs. So the lead is the longest send
/// of the last ``windowSec`` seconds, with a ``margin``, within ``maximumSec``: a musician's
/// action waits a little longer while the disk is slow, and is heard where the log says.
struct ControlLead {
  /// How long a slow send is remembered.
  static let windowSec = 10.0
  /// How much longer than the longest recent send the lead is.
  static let margin = 1.5
  /// The most the lead grows to: beyond it, a stalled disk's action is applied late (and
  /// counted) rather than every action being heard long after the musician's press.
  static let maximumSec = 0.1
  /// The most sends remembered (a musician's presses, a few a second, fit many times over).
  static let capacity = 256

  private var sends: [(atSec: Double, durationSec: Double)] = []

  /// Notes a send that took `durationSec` and ended at `atSec` (a monotonic clock's seconds).
  mutating func note(durationSec: Double, atSec: Double) {
    sends.removeAll { $0.atSec < atSec - Self.windowSec }
    if sends.count >= Self.capacity { sends.removeFirst(sends.count - Self.capacity + 1) }
    sends.append((atSec, max(0, durationSec)))
  }

  /// The lead in seconds at `atSec`: the longest send of the window, with the margin, at most
  /// ``maximumSec``; 0 when none was slow (the engine's one callback of lead is enough then).
  func seconds(atSec: Double) -> Double {
    let longest =
      sends.lazy.filter { $0.atSec >= atSec - Self.windowSec }.map(\.durationSec).max() ?? 0
    return min(longest * Self.margin, Self.maximumSec)
  }

  /// The lead at `atSec` in frames at `rate`, rounded up.
  func frames(atSec: Double, rate: Double) -> Int64 {
    Int64((seconds(atSec: atSec) * rate).rounded(.up))
  }
}
