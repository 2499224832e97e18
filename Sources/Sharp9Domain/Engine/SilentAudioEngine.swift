import Foundation

/// An ``AudioEngine`` that plays nothing: it keeps the engine's settings as plain values so the
/// headless recorder (and tests) can drive the same protocol the real engines implement.
///
/// Time does not advance by itself; `currentTimeSec` moves only on `seek`. Every call is
/// recorded in ``calls`` in order, which tests compare with the effects the reducer emitted.
public final class SilentAudioEngine: AudioEngine {
  /// One call the engine received.
  public enum Call: Sendable, Equatable {
    case load(URL), play, pause, seek(Double), setRate(Double), setPitchSemitones(Double)
    case setLoop(aSec: Double?, bSec: Double?, enabled: Bool)
    case setLoopPractice(LoopPractice)
    case setBeatGrid(BeatGrid?), setClicks(ClickSettings)
    case setTakeMix(take: TakeRecording?, balance: Double)
  }

  /// Every call so far, oldest first.
  public private(set) var calls: [Call] = []
  /// Whether the engine was told to play.
  public private(set) var isPlaying = false
  /// The last rate set.
  public private(set) var rate = 1.0
  /// The last transposition set.
  public private(set) var pitchSemitones = 0.0
  /// The last loop set.
  public private(set) var loop = LoopPoints()
  /// How loop passes are practised, as last set.
  public private(set) var loopPractice = LoopPractice()
  /// The playhead, moved only by `seek`.
  public private(set) var currentTimeSec = 0.0
  /// Whether to keep ``calls`` (off for long recordings, to keep memory flat).
  public var recordsCalls: Bool

  /// Creates a silent engine.
  public init(recordsCalls: Bool = true) { self.recordsCalls = recordsCalls }

  /// Accepts any URL without reading it; the track's name is its last path component and its
  /// duration unknown (0).
  public func load(url: URL) throws -> TrackMeta {
    note(.load(url))
    currentTimeSec = 0
    isPlaying = false
    return TrackMeta(name: url.lastPathComponent, durationSec: 0)
  }

  /// Marks the engine as playing.
  public func play() {
    note(.play)
    isPlaying = true
  }

  /// Marks the engine as paused.
  public func pause() {
    note(.pause)
    isPlaying = false
  }

  /// Moves the playhead.
  public func seek(toSec timeSec: Double) {
    note(.seek(timeSec))
    currentTimeSec = timeSec
  }

  /// Keeps the rate.
  public func setRate(_ rate: Double) {
    note(.setRate(rate))
    self.rate = rate
  }

  /// Keeps the transposition.
  public func setPitchSemitones(_ semitones: Double) {
    note(.setPitchSemitones(semitones))
    pitchSemitones = semitones
  }

  /// Keeps the loop.
  public func setLoop(aSec: Double?, bSec: Double?, enabled: Bool) {
    note(.setLoop(aSec: aSec, bSec: bSec, enabled: enabled))
    loop = LoopPoints(aSec: aSec, bSec: bSec, enabled: enabled)
  }

  /// Keeps how loop passes are practised.
  public func setLoopPractice(_ practice: LoopPractice) {
    note(.setLoopPractice(practice))
    loopPractice = practice
  }
  /// Notes the grid.
  public func setBeatGrid(_ grid: BeatGrid?) { note(.setBeatGrid(grid)) }

  /// Notes the click settings.
  public func setClicks(_ clicks: ClickSettings) { note(.setClicks(clicks)) }

  /// Notes the take mix.
  public func setTakeMix(take: TakeRecording?, balance: Double) {
    note(.setTakeMix(take: take, balance: balance))
  }

  private func note(_ call: Call) {
    if recordsCalls { calls.append(call) }
  }
}
