/// One note the estimator heard, with how strongly.
public struct SoundingNote: Sendable, Hashable {
  /// MIDI note number (60 is middle C, 69 the A at 440 Hz), within ``NoteSet/pianoRange``.
  public var midi: Int
  /// The note's weighted sum of harmonic amplitudes relative to the strongest note in the same
  /// window: 1 for the strongest, down to the configuration's relative threshold.
  public var salience: Float

  /// A note and its salience.
  public init(midi: Int, salience: Float) {
    self.midi = midi
    self.salience = salience
  }
}

/// How a ``SoundingNotesEstimator`` listens: set once, before it allocates its buffers.
public struct NoteEstimatorConfiguration: Sendable, Hashable {
  /// Frames per second of the samples it is given.
  public var sampleRate: Double
  /// Interleaved channels of the samples; they are averaged to mono.
  public var channels: Int
  /// Length of the analysed window in seconds (default 92.9 ms: 4096 frames at 44.1 kHz). Centred
  /// on the playhead it reads half of it ahead, see ``SoundingNotesEstimator/lookaheadSeconds``.
  public var windowSeconds: Double
  /// A note lights only when its salience is at least this fraction of the strongest note's.
  public var relativeThreshold: Float
  /// A note lights only when its weighted harmonic sum is at least this (a sine of amplitude A
  /// at 440 Hz sums to about 0.65 A): quieter windows are silence or noise.
  public var absoluteFloor: Float
  /// At most this many notes per window (0 or less: none).
  public var maximumPolyphony: Int

  /// The defaults are tuned on the synthetic set in `Tests/Sharp9AudioTests/Notes`.
  public init(
    sampleRate: Double, channels: Int = 1, windowSeconds: Double = NoteTuning.windowSeconds,
    relativeThreshold: Float = NoteTuning.relativeThreshold,
    absoluteFloor: Float = NoteTuning.absoluteFloor,
    maximumPolyphony: Int = NoteTuning.maximumPolyphony
  ) {
    self.sampleRate = sampleRate
    self.channels = channels
    self.windowSeconds = windowSeconds
    self.relativeThreshold = relativeThreshold
    self.absoluteFloor = absoluteFloor
    self.maximumPolyphony = maximumPolyphony
  }

  /// Frames in the analysed window (even, at least 64).
  public var windowFrames: Int {
    let frames = Int((sampleRate * windowSeconds).rounded())
    return max(64, frames + frames % 2)
  }
}
