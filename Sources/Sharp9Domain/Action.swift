import Foundation

/// Everything that can happen to a practice session: what the musician did, or what the engine
/// reported. Cases are named for the event, not for what the reducer does with it.
///
/// The JSON interchange form is one object with a `type` field named as the case (see
/// `Action+Codable.swift` and docs/reference/interchange.md), for example `{"type":"setA","timeSec":1.25}`.
public enum Action: Sendable, Equatable, Hashable {
  /// The app's window appeared.
  case onAppear
  /// The musician picked a file to open.
  case importPicked(url: URL)
  /// The engine finished loading the picked file.
  case importSucceeded(track: TrackMeta)
  /// The engine could not load the picked file.
  case importFailed(message: String)
  /// The musician chose what waveform taps do.
  case setMode(Mode)
  /// The musician tapped the waveform at a source time.
  case tapWaveform(timeSec: Double)
  /// The musician dragged the playhead.
  case dragScrub(timeSec: Double)
  /// The play/pause button.
  case togglePlay
  /// The engine reported its playhead position.
  case tick(currentTimeSec: Double)
  /// A speed button (±0.05).
  case speedDelta(Double)
  /// A pitch button (±1 semitone).
  case pitchDelta(Double)
  /// A marker placed at an explicit time.
  case addMarker(timeSec: Double)
  /// A marker removed.
  case deleteMarker(id: UUID)
  /// The loop switch.
  case toggleLoopEnabled(Bool)
  /// Loop start placed at an explicit time.
  case setA(timeSec: Double)
  /// Loop end placed at an explicit time.
  case setB(timeSec: Double)
  /// The toast timer fired; `nil` means "at the event's own time".
  case clearToastIfExpired(now: Date?)
  /// The practice pad's skip buttons (±5 s).
  case skip(seconds: Double)
  /// The practice pad's A/B button: set A, then B, then clear.
  case abCycle
  /// The practice pad's speed button: 1.0 → 1.25 → 1.5 → 1.75 → 2.0 → 0.75 → 0.5 → 1.0.
  case cycleSpeed
  /// The practice pad's mark button: a marker at the playhead.
  case markNow
  /// The practice pad's lock switch.
  case setLocked(Bool)
  /// The practice pad's Prev button: to A if set, else to the start.
  case seekToStart
  /// The practice pad's Next button: to B if set, else to the end.
  case seekToEnd
  /// Undo the last edit (markers, A/B, loop switch, speed, pitch).
  case undo
  /// Redo the last undone edit.
  case redo
  /// A speed typed in, or a fine speed button (±0.01 steps): any value within the speed range.
  case setSpeed(Double)
  /// A pitch typed in, in semitones (cents as hundredths: `-0.32` is 32 cents down).
  case setPitch(semitones: Double)
  /// Loop start moved by a few milliseconds (the nudge buttons, ±10 ms), never past B.
  case nudgeA(seconds: Double)
  /// Loop end moved by a few milliseconds (the nudge buttons, ±10 ms), never before A.
  case nudgeB(seconds: Double)
  /// The current A–B saved under `name` (a loop of that name is replaced).
  case saveLoop(name: String)
  /// Saved loop number `number` (1 is the first saved) becomes the loop, switched on.
  case recallLoop(number: Int)
  /// Saved loop number `number` renamed.
  case renameSavedLoop(number: Int, name: String)
  /// Saved loop number `number` deleted.
  case deleteSavedLoop(number: Int)
  /// The song's saved loops, kept from earlier sessions, were brought into this one when it
  /// loaded the song (the app, not the musician; the loops come from outside and are checked).
  case savedLoopsRestored([SavedLoop])
  /// The musician asked the loop to stop after `passes` completed passes (nil: loop until
  /// stopped), within ``PracticeRules/loopPassLimitRange``.
  case setLoopPasses(Int?)
  /// The musician switched the speed trainer on with a plan, or off (nil).
  case setSpeedTrainer(SpeedTrainer?)
  /// The engine stopped the loop after its last asked-for pass, back at A, at session time
  /// `wallSec` (the wrap's frame).
  case loopPassesCompleted(wallSec: Double)
  /// The speed trainer took the speed to `speed` at the start of a pass, at session time
  /// `wallSec` (the wrap's frame; the event itself is recorded when the engine reports it).
  case trainerStepped(speed: Double, wallSec: Double)
  /// The song's beat grid, analysed when it loaded (the app, not the musician: replays never
  /// analyse again; a grid from outside is checked).
  case beatGridDetected(BeatGrid)
  /// The tap tempo key, tapped along with the music (the tap's time is the action's time).
  case tapTempo
  /// A tempo typed in, in BPM: the grid becomes constant at that tempo.
  case setTempo(bpm: Double)
  /// The grid moved by `seconds` (earlier when negative).
  case shiftGrid(seconds: Double)
  /// The metronome switched on or off, at a level.
  case setMetronome(enabled: Bool, level: Double)
  /// The count-in: how many beats, and whether before every loop pass too.
  case setCountIn(beats: Int, everyPass: Bool)
  /// Loop start moved by whole beats of the grid (earlier when negative), never past B.
  case nudgeABeats(Int)
  /// Loop end moved by whole beats of the grid, never before A.
  case nudgeBBeats(Int)
  /// Where A and B land when set: anywhere, on beats or on bar starts.
  case setSnap(SnapMode)
  /// The musician armed recording (the player's `R`), or stopped it: while armed, each loop pass
  /// (or the span until stopped) is recorded from the input as a take.
  case setRecordingArmed(Bool)
  /// The engine kept a take: its audio is in the library under its SHA-256 (reported only after
  /// the file is complete, so the log never names half a take).
  case takeRecorded(TakeRecording)
  /// The musician deleted a take (its audio goes from the library only when no session refers
  /// to it any more).
  case deleteTake(id: UUID)
  /// The musician chose a take to hear with the song (or alone, at the balance's end): the
  /// take sounds from the start of each pass, as it was recorded. Choosing another take while
  /// the loop plays is A/B between passes: the new take goes on at the same point of the pass.
  case listenToTake(id: UUID)
  /// The musician went back to the song alone (the take falls silent).
  case listenToSong
  /// The musician moved the balance between the song and the take: −1 the song alone, 0 both
  /// at full level, 1 the take alone (see ``TakeListening``).
  case setTakeBalance(Double)
  /// The section starting at a time named (the marker there, or a new one): "Verse", "Solo".
  case nameSection(timeSec: Double, name: String)
  /// The song's sections from earlier sessions, brought in as the song loads (the app reads
  /// them from the song's stream).
  case sectionsRestored([SongSection])
  /// Section N (1-based, in time order) made the loop, up to the next section.
  case loopSection(number: Int)
  /// The song's markers, speed and pitch as its last session left them were brought into this
  /// new one when it loaded the song (the app, not the musician; they come from outside and are
  /// checked).
  case songSettingsRestored(SongSettings)
  /// The musician tapped the song's overview at a source time: the playhead goes there,
  /// whatever the mode (a tap on the detail view does what the mode says).
  case overviewTapped(timeSec: Double)
  /// Playback reached the end of the song (no loop ahead) and stopped there, at session time
  /// `wallSec` (the frame it ended on; the event itself is recorded when the engine reports it).
  case playedToEnd(wallSec: Double)
}

/// What kind of action an action is, one `switch` per question beside the cases (every case
/// answers each, so a new case is declared and classified in this one file): whether it is an
/// undoable edit and what undo and redo call it, and who causes it.
extension Action {
  /// The name of the edit this action makes in `state` (the state before it), e.g. "Set A", or
  /// `nil` for actions that are not edits: transport (play, seeks, ticks), the mode, the lock,
  /// toasts, loading, and undo/redo themselves. Whether an edit is recorded also depends on it
  /// changing something.
  public func editLabel(in state: State) -> String? {
    switch self {
    case .setA, .nudgeA: "Set A"
    case .setB, .nudgeB: "Set B"
    case .tapWaveform:
      switch state.mode {
      case .setA: "Set A"
      case .setB: "Set B"
      case .marker: "Add Marker"
      case .loop: nil
      }
    case .addMarker, .markNow: "Add Marker"
    case .deleteMarker: "Delete Marker"
    case .toggleLoopEnabled(let enabled): enabled ? "Loop On" : "Loop Off"
    case .abCycle:
      switch (state.loop.aSec, state.loop.bSec) {
      case (nil, nil): "Set A"
      case (.some, nil): "Set B"
      case (nil, .some): "Set A"
      case (.some, .some): "Clear Loop"
      }
    case .speedDelta, .cycleSpeed, .setSpeed: "Speed Change"
    case .pitchDelta, .setPitch: "Pitch Change"
    case .saveLoop: "Save Loop"
    case .recallLoop: "Recall Loop"
    case .renameSavedLoop: "Rename Loop"
    case .deleteSavedLoop: "Delete Loop"
    case .tapTempo: "Tap Tempo"
    case .setTempo: "Set Tempo"
    case .shiftGrid: "Shift Grid"
    case .nudgeABeats: "Set A"
    case .nudgeBBeats: "Set B"
    case .nameSection: "Name Section"
    case .loopSection: "Loop Section"
    case .onAppear, .importPicked, .importSucceeded, .importFailed, .setMode, .dragScrub,
      .togglePlay, .tick, .clearToastIfExpired, .skip, .setLocked, .seekToStart, .seekToEnd,
      .undo, .redo, .savedLoopsRestored, .setLoopPasses, .setSpeedTrainer, .loopPassesCompleted,
      .trainerStepped, .beatGridDetected, .setMetronome, .setCountIn, .setSnap, .sectionsRestored,
      .songSettingsRestored, .overviewTapped, .setRecordingArmed, .takeRecorded, .deleteTake,
      .listenToTake, .listenToSong, .setTakeBalance, .playedToEnd:
      nil
    }
  }

  /// Whether the musician caused this action. The lock ignores user actions (except unlocking);
  /// what the engine reports (`tick`, `importSucceeded`, `importFailed`), the toast timer
  /// (`clearToastIfExpired`) and the app's lifecycle (`onAppear`) always apply.
  public var isUserAction: Bool {
    switch self {
    case .onAppear, .importSucceeded, .importFailed, .tick, .clearToastIfExpired,
      .savedLoopsRestored, .loopPassesCompleted, .trainerStepped, .beatGridDetected,
      .sectionsRestored, .songSettingsRestored, .takeRecorded, .playedToEnd:
      false
    case .importPicked, .setMode, .tapWaveform, .dragScrub, .togglePlay, .speedDelta, .pitchDelta,
      .addMarker, .deleteMarker, .toggleLoopEnabled, .setA, .setB, .skip, .abCycle, .cycleSpeed,
      .markNow, .setLocked, .seekToStart, .seekToEnd, .undo, .redo, .setSpeed, .setPitch, .nudgeA,
      .nudgeB, .saveLoop, .recallLoop, .renameSavedLoop, .deleteSavedLoop, .setLoopPasses,
      .setSpeedTrainer, .tapTempo, .setTempo, .shiftGrid, .setMetronome, .setCountIn, .nudgeABeats,
      .nudgeBBeats, .setSnap, .nameSection, .loopSection, .overviewTapped, .setRecordingArmed,
      .deleteTake, .listenToTake, .listenToSong, .setTakeBalance:
      true
    }
  }
}
