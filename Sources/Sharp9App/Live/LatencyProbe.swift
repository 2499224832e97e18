import Sharp9Audio

/// Where a key's time goes, for `sharp9 play --latency-log` (scripts/bench-player.sh) and
/// `sharp9 app --latency-log` (scripts/bench-app.sh). Every time is on ``MonotonicClock``, so the
/// benchmark can add when it sent the key:
/// - per key: its bytes read (the player) or its request received (the app) → its frame
///   claimed → its command queued for the audio thread (the reduce and the event's rows lie
///   between; the commit follows) → the callback that rendered its frame began → that frame's
///   DAC time (the callback's clock plus PortAudio's `outputBufferDacTime` lead);
/// - per run-loop turn (the player): how long the turn, the collect (reports, tick appends, tee)
///   and the draw took, which is how late the loop comes back to the keys;
/// - per device callback: when it began, which shows how late the audio thread ran.
public struct LatencyProbe {
  /// One key's way to the device, in seconds on ``MonotonicClock``.
  struct Key {
    var readSec: Double
    var reservedSec: Double
    var queuedSec: Double
    var frame: Int64
    var callbackSec = 0.0
    var dacSec = 0.0
    /// How many times the audio thread took its frame's claim back before it was sent.
    var takenBack = 0
  }

  private var pending: [Key] = []
  private(set) var keys: [Key] = []
  private(set) var turns: [(turnSec: Double, collectSec: Double, drawSec: Double)] = []
  private(set) var callbacksSec: [Double] = []
  /// The engine's count of claims taken back at the last key.
  private var takenBackBefore = 0

  /// Creates an empty probe.
  public init() {}

  /// Drops the keys not yet resolved: their session ended (the next one counts frames anew).
  public mutating func dropPending() { pending.removeAll() }

  /// Notes a key read at `readSec` whose action reserved `frame` at `reservedSec` and was queued
  /// (or, without an engine command, recorded) at `queuedSec`, its claim taken back `takenBack`
  /// times on the way.
  mutating func pressed(
    readSec: Double, reservedSec: Double, queuedSec: Double, frame: Int64, takenBack: Int
  ) {
    pending.append(
      Key(
        readSec: readSec, reservedSec: reservedSec, queuedSec: queuedSec, frame: frame,
        takenBack: takenBack))
  }

  /// Notes a key read at `readSec` whose action reserved `frame` at `reservedSec` and was then
  /// sent: queued when `engine` last queued a command, if that was after the reservation, else
  /// (an action with no engine command) recorded now.
  public mutating func sent(readSec: Double, reservedSec: Double, frame: Int64, engine: LiveEngine)
  {
    let queuedSec = engine.lastQueuedClockSec
    pressed(
      readSec: readSec, reservedSec: reservedSec,
      queuedSec: queuedSec >= reservedSec ? queuedSec : MonotonicClock.nowSec(), frame: frame,
      takenBack: engine.claimsTakenBack - takenBackBefore)
    takenBackBefore = engine.claimsTakenBack
  }

  /// Notes a run-loop turn's durations.
  public mutating func turned(turnSec: Double, collectSec: Double, drawSec: Double) {
    turns.append((turnSec, collectSec, drawSec))
  }

  /// Resolves the keys whose frame `report`'s block rendered, and notes the callback.
  public mutating func resolve(_ report: EngineReport, sampleRate: Double) {
    guard report.callbackClockSec > 0 else { return }
    callbacksSec.append(report.callbackClockSec)
    let start = report.frame - Int64(report.blockFrames)
    let lead = report.dacTimeSec > 0 ? report.dacTimeSec - report.callbackTimeSec : 0
    pending.removeAll { key in
      guard key.frame < report.frame else { return false }
      var resolved = key
      resolved.callbackSec = report.callbackClockSec
      resolved.dacSec =
        report.callbackClockSec + lead + Double(max(0, key.frame - start)) / sampleRate
      keys.append(resolved)
      return true
    }
  }

  /// The log: `key READ CLAIMED QUEUED CALLBACK DAC TAKENBACK` (seconds, then how many times
  /// its claim was taken back), `turn TURN COLLECT DRAW` and `callback BEGAN` lines.
  public var text: String {
    var lines = keys.map {
      "key \($0.readSec) \($0.reservedSec) \($0.queuedSec) \($0.callbackSec) \($0.dacSec)"
        + " \($0.takenBack)"
    }
    lines += turns.map { "turn \($0.turnSec) \($0.collectSec) \($0.drawSec)" }
    lines += callbacksSec.map { "callback \($0)" }
    return lines.joined(separator: "\n") + "\n"
  }
}
