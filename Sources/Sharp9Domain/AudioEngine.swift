import Foundation

/// The playback engine the recorder drives and the offline renderer implements: one protocol for
/// live and offline, so what is rendered is what the engine did.
///
/// Calls are synchronous: a headless engine (no audio, or the renderer on a virtual clock) has
/// nothing to wait for. Engines are not `Sendable`; they belong to the recorder or renderer that
/// owns them.
public protocol AudioEngine: AnyObject {
  /// Opens a file and reports its metadata.
  func load(url: URL) throws -> TrackMeta
  /// Starts playback at the current position.
  func play()
  /// Stops playback, keeping the position.
  func pause()
  /// Moves the playhead to a source time.
  func seek(toSec timeSec: Double)
  /// Sets playback speed (1.0 = original tempo).
  func setRate(_ rate: Double)
  /// Sets transposition in semitones.
  func setPitchSemitones(_ semitones: Double)
  /// Replaces the loop region and whether it is active.
  func setLoop(aSec: Double?, bSec: Double?, enabled: Bool)
  /// Replaces how loop passes are practised: stop after N passes, the speed trainer.
  func setLoopPractice(_ practice: LoopPractice)
  /// Replaces the beat grid the metronome clicks on (nil: none).
  func setBeatGrid(_ grid: BeatGrid?)
  /// Replaces the metronome and count-in settings.
  func setClicks(_ clicks: ClickSettings)
  /// Hears `take` with the song from the start of each pass (nil: the song alone), at
  /// `balance` (−1 the song alone … 1 the take alone, see ``TakeListening``).
  func setTakeMix(take: TakeRecording?, balance: Double)
  /// The playhead position in source seconds.
  ///
  /// An engine does not call back as it plays: a `tick` carries the time it happened, which only
  /// the front end driving the engine knows (the device frame, a virtual clock), so front ends
  /// send ticks themselves.
  var currentTimeSec: Double { get }
}
