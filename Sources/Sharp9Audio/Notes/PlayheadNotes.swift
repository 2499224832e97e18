import Foundation

/// The notes sounding at a playhead in a decoded song: the keyboard strip's analysis, asked by a
/// front end's own thread (never the audio thread) as the playhead moves. A window of the
/// estimator's length centred on the playhead (frames outside the song are silence); the same
/// frame asked again is answered from the last analysis.
///
/// The notes are those in the audio, before transposition: the caller shows
/// ``NoteSet/transposed(bySemitones:)`` of them. Not `Sendable`: one thread at a time.
public final class PlayheadNotes {
  private let audio: DecodedAudio
  private let estimator: SoundingNotesEstimator
  private var window: [Float]
  private var last: (frame: Int, notes: NoteSet)?

  /// Plans the analysis for `audio`. Throws `StretchError` when FFTW cannot plan.
  public init(audio: DecodedAudio) throws {
    self.audio = audio
    estimator = try SoundingNotesEstimator(
      configuration: NoteEstimatorConfiguration(
        sampleRate: Double(audio.format.sampleRate), channels: audio.format.channels))
    window = [Float](repeating: 0, count: estimator.windowFrames * audio.format.channels)
  }

  /// The notes sounding around `seconds` of the song (source time).
  public func notes(atSec seconds: Double) -> NoteSet {
    guard seconds.isFinite else { return NoteSet() }
    let rate = Double(audio.format.sampleRate)
    let frame = Int((min(max(seconds, -1), audio.format.durationSec + 1) * rate).rounded())
    if let last, last.frame == frame { return last.notes }
    let channels = audio.format.channels
    let frames = estimator.windowFrames
    let first = frame - frames / 2
    let from = max(first, 0)
    let to = min(first + frames, Int(audio.format.frames))
    let notes = window.withUnsafeMutableBufferPointer { buffer -> NoteSet in
      buffer.update(repeating: 0)
      if to > from, let base = buffer.baseAddress {
        audio.samples.copy(
          from: from * channels, count: (to - from) * channels,
          to: base + (from - first) * channels)
      }
      return estimator.notes(window: UnsafeBufferPointer(buffer))
    }
    last = (frame, notes)
    return notes
  }
}
