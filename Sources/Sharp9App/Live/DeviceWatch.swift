/// Whether a started device still calls back. A stream's callbacks come every block (tens of
/// milliseconds); when none has come for ``silentAfterSec`` the device has stopped: nothing is
/// played, the playhead holds, a take being recorded receives nothing and cannot end. A sound
/// server can leave a stream so (a PulseAudio null sink at 48 kHz once stopped calling back a
/// test's duplex stream right after it started), and the musician is told rather than left
/// pressing keys that seem to do nothing.
struct DeviceWatch: Equatable {
  /// Seconds without a callback after which the device is taken as stopped: far beyond a block
  /// and a loaded machine's scheduling gaps, short enough to tell before a musician gives up.
  static let silentAfterSec = 2.0

  /// When the stream started or last called back (a monotonic clock's seconds); nil: not started.
  private var lastHeardSec: Double?

  /// The stream was started at `atSec`: its first callback is due.
  mutating func started(atSec: Double) { lastHeardSec = atSec }

  /// The device called back (its reports were collected at `atSec`).
  mutating func heard(atSec: Double) {
    if lastHeardSec != nil { lastHeardSec = atSec }
  }

  /// The stream was stopped: silence is expected.
  mutating func stopped() { lastHeardSec = nil }

  /// Seconds since the device last called back at `atSec`, once at least ``silentAfterSec``;
  /// nil while it calls back (or before it started, after it stopped).
  func silentSec(atSec: Double) -> Double? {
    guard let lastHeardSec, atSec - lastHeardSec >= Self.silentAfterSec else { return nil }
    return atSec - lastHeardSec
  }
}
