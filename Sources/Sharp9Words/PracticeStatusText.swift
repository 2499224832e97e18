import Foundation
import Sharp9Domain

/// The words of the practice status both practice screens show (the terminal player's status
/// rows, the browser app's practice line): tempo, metronome, count-in, loop practice and
/// listening back to takes.
public enum PracticeStatusText {
  /// `120.0 BPM`, or `--` without a grid.
  public static func tempo(_ state: State) -> String {
    state.tempo.map { "\($0.formatted(.number.precision(.fractionLength(1)))) BPM" } ?? "--"
  }

  /// `on 50 %` or `off`.
  public static func metronome(_ clicks: Clicks) -> String {
    clicks.metronomeOn ? "on \(Int((clicks.level * 100).rounded())) %" : "off"
  }

  /// `off`, `4`, `4 every pass`.
  public static func countIn(_ clicks: Clicks) -> String {
    clicks.countInBeats == 0
      ? "off" : "\(clicks.countInBeats)" + (clicks.countInEveryPass ? " every pass" : "")
  }

  /// `passes 2 of 4 · trainer 0.60 x → 1.00 x, +0.05 every 2`, or nil without a plan.
  public static func loopPractice(_ practice: LoopPractice, completedPasses: Int) -> String? {
    var parts: [String] = []
    if let limit = practice.passLimit { parts.append("passes \(completedPasses) of \(limit)") }
    if let trainer = practice.trainer { parts.append("trainer " + trainerPlan(trainer)) }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// `takes 6 · song alone`, `takes 6 · hearing take 3 (pass 3) · song 100 %, take 75 %` (with
  /// `· played at 0.60 x` after the pass when the take was played along at another speed or
  /// pitch than 1 x and 0 st: it is stretched to the song's now), or nil with no takes.
  public static func listening(_ recording: Recording) -> String? {
    guard !recording.takes.isEmpty else { return nil }
    let takes = "takes \(recording.takes.count)"
    guard let heard = recording.heardTake,
      let index = recording.takes.firstIndex(of: heard)
    else { return takes + " · song alone" }
    return takes + " · hearing take \(index + 1)"
      + (heard.recording.pass.map { " (pass \($0))" } ?? "")
      + playedAtLabel(heard.recording) + " · "
      + TakeListening.levelsText(balance: recording.listening.balance)
  }

  /// `Take 3 · pass 3 · 4.2 s` (`· loop off` for a take recorded with the loop off; `· played at
  /// 0.60 x, +2.00 st` when the song was not at full speed and pitch; `· 1 dropout` when the
  /// device dropped out before its end).
  public static func takeLabel(_ take: Take, number: Int, sampleRate: Double) -> String {
    let seconds = Double(take.recording.endFrame - take.recording.startFrame) / sampleRate
    return "Take \(number) · "
      + (take.recording.pass.map { "pass \($0)" } ?? "loop off") + " · "
      + seconds.formatted(.number.precision(.fractionLength(1))) + " s"
      + playedAtLabel(take.recording)
      + dropoutsLabel(take.recording.dropouts)
  }

  /// ` · played at 0.60 x` (and `, +2.00 st` when transposed): what the take was played along
  /// with, which is what a musician compares passes by; `0.60 x to 0.70 x` (and likewise the
  /// pitch) when it changed while the take was recorded; nothing at full speed and pitch, or
  /// when not known.
  static func playedAtLabel(_ take: TakeRecording) -> String {
    guard let first = take.playedAt else { return "" }
    let parts = [first] + take.playedAtChanges.map(\.playedAt)
    let speeds = parts.map(\.speed)
    let pitches = parts.map(\.pitchSemitones)
    guard speeds.contains(where: { $0 != 1 }) || pitches.contains(where: { $0 != 0 }) else {
      return ""
    }
    let speed = range(speeds, formatSpeed)
    return " · played at " + speed
      + (pitches.allSatisfy { $0 == 0 } ? "" : ", " + range(pitches, formatPitch))
  }

  /// `low to high` of `values` as `format` writes them, or the one value.
  private static func range(_ values: [Double], _ format: (Double) -> String) -> String {
    let (low, high) = (values.min() ?? 0, values.max() ?? 0)
    return low == high ? format(low) : format(low) + " to " + format(high)
  }

  /// ` · 2 dropouts`: the device dropped out before the take's end (while it was recorded, or
  /// earlier in the stream: ``TakeRecording/dropouts``), so it may be out of time with the song;
  /// nothing when it did not.
  static func dropoutsLabel(_ count: Int) -> String {
    switch count {
    case ...0: ""
    case 1: " · 1 dropout"
    default: " · \(count) dropouts"
    }
  }

  /// `the device stopped calling back: nothing plays`: a started device has not called back
  /// for seconds (``Sharp9App/LiveSession/deviceSilentSec``); each screen adds what to do.
  public static let deviceStopped = "the device stopped calling back: nothing plays"

  /// `0.60 x → 1.00 x, +0.05 every 2` (passes): the plan as both screens and the log show it.
  static func trainerPlan(_ trainer: SpeedTrainer) -> String {
    "\(formatSpeed(trainer.startSpeed)) → \(formatSpeed(trainer.targetSpeed)), "
      + EventText.signed(trainer.step) + " every \(trainer.everyPasses)"
  }
}
