import Foundation
import Sharp9Domain

/// Short human-readable descriptions of actions and effects, for `sharp9 log`, the history
/// tools and the inspector's event list: times as `MM:SS.xx`, speeds and pitches as the app shows
/// them. It lives in its own small target because two front ends (the CLI and the web server)
/// show the same words.
public enum EventText {
  /// `set A 00:10.00`, `speed -0.05`, `open /music/take.wav`, …
  public static func summary(_ action: Action) -> String {
    switch action {
    case .onAppear: "app appeared"
    case .importPicked(let url): "open \(Action.interchangeString(url))"
    case .importSucceeded(let track):
      "loaded \"\(track.name)\" (\(formatTime(track.durationSec)))"
    case .importFailed(let message): "load failed: \(message)"
    case .setMode(let mode): "mode \(mode.rawValue)"
    case .tapWaveform(let time): "tap waveform at \(formatTime(time))"
    case .dragScrub(let time): "scrub to \(formatTime(time))"
    case .overviewTapped(let time): "overview tap at \(formatTime(time))"
    case .togglePlay: "play/pause"
    case .tick(let time): "tick \(formatTime(time))"
    case .speedDelta(let delta): "speed \(signed(delta))"
    case .pitchDelta(let delta): "pitch \(signed(delta)) st"
    case .addMarker(let time): "add marker at \(formatTime(time))"
    case .deleteMarker(let id): "delete marker \(id.uuidString.prefix(8))"
    case .toggleLoopEnabled(let enabled): enabled ? "loop on" : "loop off"
    case .setA(let time): "set A \(formatTime(time))"
    case .setB(let time): "set B \(formatTime(time))"
    case .clearToastIfExpired(let now):
      now.map { "toast timer at \(Interchange.formatDate($0))" } ?? "toast timer"
    case .skip(let seconds): "skip \(signed(seconds)) s"
    case .abCycle: "A/B button"
    case .cycleSpeed: "speed button"
    case .markNow: "mark now"
    case .setLocked(let locked): locked ? "lock" : "unlock"
    case .seekToStart: "prev (to A or start)"
    case .seekToEnd: "next (to B or end)"
    case .undo: "undo"
    case .redo: "redo"
    case .setSpeed(let speed): "speed = \(formatSpeed(speed))"
    case .setPitch(let semitones): "pitch = \(formatPitch(semitones))"
    case .nudgeA(let seconds): "nudge A \(signed(seconds)) s"
    case .nudgeB(let seconds): "nudge B \(signed(seconds)) s"
    case .saveLoop(let name): "save loop \"\(name)\""
    case .recallLoop(let number): "recall loop \(number)"
    case .renameSavedLoop(let number, let name): "rename loop \(number) to \"\(name)\""
    case .deleteSavedLoop(let number): "delete saved loop \(number)"
    case .savedLoopsRestored(let loops): "the song's saved loops (\(loops.count))"
    case .setLoopPasses(let passes):
      passes.map { "stop after \(formatPasses($0))" } ?? "loop until stopped"
    case .setSpeedTrainer(let trainer): trainer.map(trainerText) ?? "speed trainer off"
    case .loopPassesCompleted: "loop passes done: stopped at A"
    case .playedToEnd: "played to the end: stopped"
    case .trainerStepped(let speed, _): "speed trainer: \(formatSpeed(speed))"
    case .beatGridDetected(let grid): "beat grid: \(gridText(grid))"
    case .tapTempo: "tap tempo"
    case .setTempo(let bpm): "tempo = \(JSONText.number(bpm)) BPM"
    case .shiftGrid(let seconds): "shift grid \(signed(seconds)) s"
    case .setMetronome(let enabled, let level):
      enabled ? "metronome on, level \(JSONText.number(level))" : "metronome off"
    case .setCountIn(let beats, let everyPass):
      beats == 0 ? "no count-in" : "count-in \(beats) beats" + (everyPass ? ", every pass" : "")
    case .nudgeABeats(let beats): "nudge A \(signed(Double(beats))) beats"
    case .nudgeBBeats(let beats): "nudge B \(signed(Double(beats))) beats"
    case .setSnap(let snap): "snap \(snap.rawValue)"
    case .setRecordingArmed(let armed): armed ? "arm recording" : "stop recording"
    case .takeRecorded(let take):
      "take recorded: frames \(take.startFrame)–\(take.endFrame)"
        + (take.pass.map { ", pass \($0)" } ?? "") + " from \(take.input)"
    case .deleteTake(let id): "delete take \(id.uuidString.prefix(8))"
    case .listenToTake(let id): "listen to take \(id.uuidString.prefix(8))"
    case .listenToSong: "listen to the song alone"
    case .setTakeBalance(let balance): "take balance: \(TakeListening.levelsText(balance: balance))"
    case .nameSection(let time, let name): "name section \"\(name)\" at \(formatTime(time))"
    case .sectionsRestored(let sections): "the song's sections (\(sections.count))"
    case .loopSection(let number): "loop section \(number)"
    case .songSettingsRestored(let settings):
      "the song's last settings: \(settings.markers.count) markers, speed \(formatSpeed(settings.speed)),"
        + " pitch \(formatPitch(settings.pitchSemitones))"
    }
  }

  /// As `summary(_:)` for an action, naming a deleted marker by its number and time in `before`
  /// (the state the action was applied to): `delete marker 2 at 00:12.50`. Marker ids all begin
  /// alike (they derive from the session's id), so an id prefix would name nothing.
  public static func summary(_ action: Action, before: State) -> String {
    guard case .deleteMarker(let id) = action else { return summary(action) }
    guard let index = before.markers.firstIndex(where: { $0.id == id }) else {
      return "delete marker (none with that id)"
    }
    return "delete marker \(index + 1) at \(formatTime(before.markers[index].timeSec))"
  }

  /// `seek 00:03.00`, `rate 0.95`, `loop 00:10.00–00:20.00 on`, …
  public static func summary(_ effect: Effect) -> String {
    switch effect {
    case .engineLoad(let url): "load \(Action.interchangeString(url))"
    case .enginePlay: "play"
    case .enginePause: "pause"
    case .engineSeek(let time): "seek \(formatTime(time))"
    case .engineSetRate(let rate): "rate \(formatSpeed(rate))"
    case .engineSetPitchSemitones(let semitones): "pitch \(formatPitch(semitones))"
    case .engineSetLoop(let a, let b, let enabled):
      "loop A \(a.map(formatTime) ?? "unset") B \(b.map(formatTime) ?? "unset")"
        + (enabled ? " on" : " off")
    case .engineSetLoopPractice(let practice):
      "loop practice: "
        + (practice.passLimit.map { "stop after \(formatPasses($0))" } ?? "loop until stopped")
        + (practice.trainer.map { ", " + trainerText($0) } ?? "")
    case .computePeaks: "compute peaks"
    case .engineSetBeatGrid(let grid): "beat grid " + (grid.map(gridText) ?? "none")
    case .engineSetClicks(let clicks):
      "clicks metronome \(JSONText.number(clicks.metronomeLevel)) count-in \(clicks.countInBeats)"
        + (clicks.countInEveryPass ? " every pass" : "")
    case .engineSetTakeMix(let take, let balance):
      (take.map { "hear take \($0.sha256.prefix(8))" } ?? "song alone")
        + ", \(TakeListening.levelsText(balance: balance))"
    }
  }

  /// `speed trainer 0.60 x → 1.00 x, +0.05 every 2 passes, reset on stop`.
  static func trainerText(_ trainer: SpeedTrainer) -> String {
    "speed trainer \(PracticeStatusText.trainerPlan(trainer)) passes, "
      + "\(trainer.onStop.rawValue) on stop"
  }

  /// `120 BPM, 64 beats`, or `no beat`.
  static func gridText(_ grid: BeatGrid) -> String {
    guard let tempo = grid.tempo else { return "no beat" }
    return
      "\(tempo.formatted(.number.precision(.fractionLength(0...1)))) BPM, \(grid.beats.count) beats"
  }

  /// `+0.05`, `-1`, `+5`: the shortest form with an explicit sign.
  public static func signed(_ value: Double) -> String {
    (value < 0 ? "-" : "+") + JSONText.number(abs(value))
  }
}
