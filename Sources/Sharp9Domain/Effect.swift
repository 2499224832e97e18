import Foundation

/// A command for the audio engine (or the peak computer) that the reducer asks for. Effects are
/// descriptions; the recorder or the renderer performs them.
public enum Effect: Sendable, Equatable, Hashable {
  /// Load a file into the engine.
  case engineLoad(url: URL)
  /// Start playback.
  case enginePlay
  /// Stop playback, keeping the position.
  case enginePause
  /// Move the playhead to a source time.
  case engineSeek(timeSec: Double)
  /// Change playback speed (1.0 = original tempo).
  case engineSetRate(Double)
  /// Change transposition in semitones.
  case engineSetPitchSemitones(Double)
  /// Replace the loop region and whether it is active.
  case engineSetLoop(aSec: Double?, bSec: Double?, enabled: Bool)
  /// Replace how loop passes are practised (stop after N, the speed trainer).
  case engineSetLoopPractice(LoopPractice)
  /// Compute the waveform peaks of the loaded track.
  case computePeaks
  /// Replace the beat grid the metronome clicks on (nil: none).
  case engineSetBeatGrid(BeatGrid?)
  /// Replace the metronome and count-in settings.
  case engineSetClicks(ClickSettings)
  /// Hear `take` with the song from the start of each pass (nil: the song alone), at a balance
  /// from −1 (the song alone) to 1 (the take alone); see ``TakeListening``.
  case engineSetTakeMix(take: TakeRecording?, balance: Double)
}
