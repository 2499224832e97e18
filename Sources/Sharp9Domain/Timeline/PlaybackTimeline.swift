/// The pure playback model: where in the source the playhead is at any wall time, given the
/// engine commands and the times they arrived. The renderer plays exactly what this model says
/// and `sharp9 timeline` prints it, so there is one definition of "what was heard".
///
/// Use it as a state machine on a virtual clock: ``advance(toWallSec:_:)`` moves wall time
/// forward and hands over the segments it covered; the commands (``load(durationSec:)``,
/// ``play()``, ``pause()``, ``seek(toSec:)``, ``setSpeed(_:)``, ``setPitchSemitones(_:)``,
/// ``setLoop(aSec:bSec:enabled:)``) apply at the current wall time.
///
/// ```swift
/// var timeline = PlaybackTimeline()
/// timeline.load(durationSec: 60)
/// timeline.setLoop(aSec: 2, bSec: 4, enabled: true)
/// timeline.play()
/// timeline.advance(toWallSec: 5) { print($0) }  // 0→4, then 2→4 (wrap), then 2→3 (wrap)
/// ```
///
/// Rules (each one a decision, documented because live engines differ):
/// - While playing, the position advances at `speed` source seconds per wall second.
/// - The loop is *active* when it is enabled and both points are set and at least
///   ``minimumLoopSec`` apart (A > B is read as B–A; points are clamped to the track). A loop
///   with A == B, or shorter than the minimum, is ignored: playback passes through.
/// - Reaching B from before B wraps to A, on the exact instant (no latency in the model).
/// - A seek lands exactly where asked (clamped to the track), even outside an active loop: before
///   A, playback runs into the loop and is caught at B; at or past B, it plays on to the end of
///   the track, because the musician asked to hear that place.
/// - A loop edit (any `setLoop`) that leaves the loop active with the playhead at or past B moves
///   the playhead to A at once (a ``TimelineSegment/Start/capture``), playing or paused: the
///   musician just said "this is what I practice", as when B is set at the playhead.
/// - A speed change inside a loop keeps the position and the loop points; only the rate changes.
/// - Reaching the end of the track (with no active loop ahead) stops playback at the end.
/// - Play at the end of the track restarts from 0; play or pause when already in that state, and
///   every command but speed, pitch and loop before a track is loaded, are ignored.
/// - Speeds and pitches outside ``PracticeRules/speedRange`` / ``PracticeRules/pitchRange`` are
///   clamped; non-finite values
///   are ignored.
/// - Each wrap at B completes a pass. The count restarts at 0 on play, a seek, a loop edit and a
///   change of ``loopPractice``.
/// - With a pass limit N (``LoopPractice/passLimit``), the Nth pass does not wrap: playback stops
///   at B and the playhead goes to A, paused (a ``TimelineSegment/Start/passesDone``).
/// - With a speed trainer, every ``SpeedTrainer/everyPasses``-th wrap sets the speed one step
///   nearer the target (``SpeedTrainer/speed(after:)``) on the wrap's instant, so the new pass
///   plays at the new speed from its first frame. An invalid plan or limit is ignored.
/// - A load puts the playhead at 0, paused, and clears the loop and how its passes are
///   practised; speed and pitch are kept. It
///   also ends a count-in, forgets the count-in's tempo and silences the metronome: the new
///   track's grid brings its own clicks (the reducer sends both with `beatGridDetected`).
/// - A play with a count-in (``ClickSettings/countsIn``) holds the playhead for that many beats
///   of the grid's tempo at the current speed (`beatSec / speed` wall seconds each) before it
///   moves: ``isPlaying`` is true from the play, the count-in's segments are not playing
///   (silence but for the clicks) and carry its ``CountInSpan``, and playback starts where it
///   ends, with a `play` segment. With ``ClickSettings/countInEveryPass``, each wrap at B also
///   holds the playhead at A for a count-in (a capture does not: the musician is editing).
/// - A pause during a count-in ends it; a seek moves the playhead it holds; a speed or click
///   change applies from the next count-in, never to the one in progress (its clicks were
///   counted at the speed it began with).
public struct PlaybackTimeline: Sendable, Equatable {
  /// The shortest loop that wraps (10 ms: a renderer crossfade fits twice in it; anything shorter
  /// is a click generator, not a loop).
  public static let minimumLoopSec = 0.01

  /// The model's clock: seconds since the session started.
  public internal(set) var wallSec: Double
  /// Length of the loaded track, or nil before a load.
  public internal(set) var durationSec: Double?
  /// The playhead in source seconds.
  public internal(set) var positionSec: Double = 0
  /// Whether the playhead is moving.
  public internal(set) var isPlaying = false
  /// Source seconds per wall second while playing.
  public internal(set) var speed: Double = 1
  /// Transposition in semitones.
  public internal(set) var pitchSemitones: Double = 0
  /// The loop as last set (the raw values; see ``activeLoop`` for what playback uses).
  public internal(set) var loop = LoopPoints()
  /// How loop passes are practised (valid plans only: see ``setLoopPractice(_:)``).
  public internal(set) var loopPractice = LoopPractice()
  /// The passes counted and what the timeline did on its own about them.
  public internal(set) var progress = LoopPracticeProgress()
  /// The metronome and count-in settings.
  public internal(set) var clicks = ClickSettings()
  /// The count-in in progress, if any.
  public internal(set) var countIn: CountInSpan?
  /// The label of the segment now in progress (what started it).
  public internal(set) var pendingStart: TimelineSegment.Start = .sessionStart
  /// Wall time and position of the last command, wrap or stop: while playing, the position at
  /// any later wall time is computed from here, never accumulated segment by segment, so where
  /// the clock is sampled (a renderer's events, a device's callbacks) cannot change a boundary.
  var anchorWallSec: Double
  var anchorPositionSec: Double = 0
  /// Where the last emitted segment would reach the end of the track if nothing changed: set
  /// while playing toward the end (no active loop ahead), nil otherwise. The renderer fades out
  /// before it, at the same frame however the segment was split.
  public internal(set) var trackEndWallSec: Double?

  /// Creates a timeline at `wallSec` with nothing loaded.
  public init(wallSec: Double = 0) {
    self.wallSec = wallSec
    anchorWallSec = wallSec
  }

  /// The loop playback obeys, normalized (a < b, within the track), or nil when inactive.
  public var activeLoop: (aSec: Double, bSec: Double)? {
    guard let durationSec else { return nil }
    return Self.activeLoop(loop, durationSec: durationSec)
  }

  /// The region `loop` wraps in on a track of `duration` seconds (a < b, within the track), or
  /// nil when it is inactive: what ``activeLoop`` is, for a screen that draws the playhead
  /// between the engine's reports.
  public static func activeLoop(
    _ loop: LoopPoints, durationSec duration: Double
  ) -> (aSec: Double, bSec: Double)? {
    guard loop.enabled, let rawA = loop.aSec, let rawB = loop.bSec, rawA.isFinite, rawB.isFinite
    else { return nil }
    let a = min(max(min(rawA, rawB), 0), duration)
    let b = min(max(max(rawA, rawB), 0), duration)
    return b - a >= Self.minimumLoopSec ? (a, b) : nil
  }

  /// Loads a track of `durationSec` seconds: playhead at 0, paused, loop cleared.
  public mutating func load(durationSec: Double) {
    self.durationSec = durationSec.isFinite ? max(0, durationSec) : 0
    positionSec = 0
    isPlaying = false
    loop = LoopPoints()
    loopPractice = LoopPractice()
    progress.completedPasses = 0
    countIn = nil
    clicks.beatSec = 0
    clicks.metronomeLevel = 0
    mark(.load)
  }

  /// Starts playback; at the end of the track, from 0.
  public mutating func play() {
    guard let duration = durationSec, duration > 0, !isPlaying else { return }
    if positionSec >= duration { positionSec = 0 }
    isPlaying = true
    progress.completedPasses = 0
    startCountIn()
    mark(.play)
  }

  /// Stops playback, keeping the position.
  public mutating func pause() {
    guard isPlaying else { return }
    isPlaying = false
    countIn = nil
    mark(.pause)
  }

  /// Moves the playhead to `timeSec`, clamped to the track.
  public mutating func seek(toSec timeSec: Double) {
    guard let duration = durationSec, timeSec.isFinite else { return }
    positionSec = min(max(timeSec, 0), duration)
    progress.completedPasses = 0
    mark(.seek)
  }

  /// Changes the speed (clamped to ``PracticeRules/speedRange``).
  public mutating func setSpeed(_ speed: Double) {
    guard speed.isFinite else { return }
    let clamped = min(
      max(speed, PracticeRules.speedRange.lowerBound), PracticeRules.speedRange.upperBound)
    guard clamped != self.speed else { return }
    self.speed = clamped
    mark(.speed)
  }

  /// Changes the transposition (clamped to ``PracticeRules/pitchRange``).
  public mutating func setPitchSemitones(_ semitones: Double) {
    guard semitones.isFinite else { return }
    let clamped = min(
      max(semitones, PracticeRules.pitchRange.lowerBound), PracticeRules.pitchRange.upperBound)
    guard clamped != pitchSemitones else { return }
    pitchSemitones = clamped
    mark(.pitch)
  }

  /// Replaces the loop; an active loop catches a playhead at or past B (moves it to A).
  public mutating func setLoop(aSec: Double?, bSec: Double?, enabled: Bool) {
    let newLoop = LoopPoints(aSec: aSec, bSec: bSec, enabled: enabled)
    if newLoop != loop {
      loop = newLoop
      progress.completedPasses = 0
      mark(.loop)
    }
    if let region = activeLoop, positionSec >= region.bSec {
      positionSec = region.aSec
      mark(.capture)
    }
  }

  /// Replaces how loop passes are practised and restarts the pass count. A pass limit outside
  /// ``PracticeRules/loopPassLimitRange`` or an invalid trainer is dropped (the reducer never
  /// sends one; a hostile log must not make the timeline misbehave).
  public mutating func setLoopPractice(_ practice: LoopPractice) {
    var checked = practice
    if let limit = checked.passLimit, !PracticeRules.loopPassLimitRange.contains(limit) {
      checked.passLimit = nil
    }
    if let trainer = checked.trainer, !trainer.isValid { checked.trainer = nil }
    loopPractice = checked
    progress.completedPasses = 0
  }

  /// A pass ended at B: counts it, then either stops at A (the last asked-for pass) or wraps to
  /// A, stepping the trainer's speed when its turn has come. Returns whether playback goes on.
  mutating func completePass(loopStartSec: Double) -> Bool {
    positionSec = loopStartSec
    progress.completedPasses += 1
    progress.passEnds += 1
    progress.lastPassEndWallSec = wallSec
    if let limit = loopPractice.passLimit, progress.completedPasses >= limit {
      isPlaying = false
      progress.completedPasses = 0
      progress.passLimitStops += 1
      progress.lastPassLimitStopWallSec = wallSec
      mark(.passesDone)
      return false
    }
    if let trainer = loopPractice.trainer,
      progress.completedPasses % trainer.everyPasses == 0
    {
      let next = trainer.speed(after: speed)
      if next != speed {
        speed = next
        progress.trainerSteps += 1
        progress.lastTrainerStepWallSec = wallSec
        progress.lastTrainerSpeed = next
      }
    }
    mark(.wrap)
    return true
  }

  /// Replaces the metronome and count-in settings (a count-in in progress keeps its clicks).
  /// Levels and the tempo must be finite and not negative, else nothing changes.
  public mutating func setClicks(_ clicks: ClickSettings) {
    guard clicks.metronomeLevel.isFinite, clicks.metronomeLevel >= 0,
      clicks.countInLevel.isFinite, clicks.countInLevel >= 0, clicks.beatSec.isFinite,
      clicks.beatSec >= 0, clicks.countInBeats >= 0
    else { return }
    self.clicks = clicks
  }

  /// Starts a count-in now, when the clicks ask for one.
  mutating func startCountIn() {
    guard clicks.countsIn else { return }
    countIn = CountInSpan(
      startWallSec: wallSec, beatWallSec: clicks.beatSec / speed, beats: clicks.countInBeats)
  }

  /// Raises the label of the segment that starts now to at least `start`.
  mutating func mark(_ start: TimelineSegment.Start) {
    pendingStart = max(pendingStart, start)
    anchorWallSec = wallSec
    anchorPositionSec = positionSec
  }

}
