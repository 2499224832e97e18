import Foundation

/// An ``AudioEngine`` that runs on a virtual clock by following a ``PlaybackTimeline``: the
/// engine commands go to the timeline unchanged (the default implementations below), and
/// ``advance(toWallSec:)`` moves the clock, doing whatever the engine does with the time covered
/// (the renderer renders audio; ``HeadlessTimelineEngine`` collects segments).
///
/// Replaying a session is: for each event, `advance(toWallSec: t)`, then perform its effects
/// (``AudioEngine/perform(_:)``). ``SessionPlayback`` does exactly that.
public protocol VirtualClockEngine: AudioEngine {
  /// The model the engine follows.
  var timeline: PlaybackTimeline { get set }
  /// The metadata of the track a load of `url` opens (the renderer reads its source file; the
  /// headless engine is told by its owner).
  func trackMeta(for url: URL) throws -> TrackMeta
  /// Moves the virtual clock to `wallSec` (seconds since the session started).
  func advance(toWallSec wallSec: Double) throws
}

extension VirtualClockEngine {
  /// Loads the track into the timeline (playhead 0, paused, loop cleared).
  public func load(url: URL) throws -> TrackMeta {
    let meta = try trackMeta(for: url)
    timeline.load(durationSec: meta.durationSec)
    return meta
  }
  /// Starts playback in the timeline.
  public func play() { timeline.play() }
  /// Pauses playback in the timeline.
  public func pause() { timeline.pause() }
  /// Seeks the timeline.
  public func seek(toSec timeSec: Double) { timeline.seek(toSec: timeSec) }
  /// Sets the timeline's speed.
  public func setRate(_ rate: Double) { timeline.setSpeed(rate) }
  /// Sets the timeline's transposition.
  public func setPitchSemitones(_ semitones: Double) { timeline.setPitchSemitones(semitones) }
  /// Sets the timeline's loop.
  public func setLoop(aSec: Double?, bSec: Double?, enabled: Bool) {
    timeline.setLoop(aSec: aSec, bSec: bSec, enabled: enabled)
  }
  /// Sets how the timeline's loop passes are practised.
  public func setLoopPractice(_ practice: LoopPractice) { timeline.setLoopPractice(practice) }
  /// Ignores the grid: the timeline needs only the tempo (in the clicks); engines that click on
  /// beats (the renderer) keep it themselves.
  public func setBeatGrid(_ grid: BeatGrid?) {}
  /// Ignores the take mix: the timeline plays the song; engines that sound takes (the renderer)
  /// keep it themselves.
  public func setTakeMix(take: TakeRecording?, balance: Double) {}
  /// Sets the timeline's clicks (the count-in is a timeline rule).
  public func setClicks(_ clicks: ClickSettings) { timeline.setClicks(clicks) }
  /// The timeline's playhead.
  public var currentTimeSec: Double { timeline.positionSec }
}
