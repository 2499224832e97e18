import Foundation
import Sharp9Domain

/// A take decoded for listening back, as the renderer reads it: a view of a ``DecodedAudio``
/// someone else owns (plain pointers, so handing one to the audio thread retains and releases
/// nothing). The offline renderer owns its takes' memory; the live engine keeps the takes it
/// decoded until the audio thread can no longer be reading them.
struct TakeSound: BitwiseCopyable {
  /// The samples, interleaved.
  var samples: DecodedSamples
  /// Frames in the take.
  var frames: Int64
  /// The take's channels (laid on the output's one to one, the last repeated).
  var channels: Int
  /// The song's speed and pitch it was played along with from its first frame (nil: unknown,
  /// laid frame for frame).
  var playedAt: SpeedAndPitch?
  /// Where they changed while it was recorded (a view of a ``PlayedAtChangeBuffer``).
  var changes: UnsafeBufferPointer<PlayedAtChange>

  /// A view of `audio` and `changes`, valid while both live, of a take played along at
  /// `playedAt` (nil `changes`: none).
  init(_ audio: DecodedAudio, playedAt: SpeedAndPitch?, changes: PlayedAtChangeBuffer? = nil) {
    samples = audio.samples
    frames = audio.format.frames
    channels = audio.format.channels
    self.playedAt = playedAt
    if let changes {
      self.changes = UnsafeBufferPointer(changes.changes)
    } else {
      self.changes = UnsafeBufferPointer(start: nil, count: 0)
    }
  }

  /// `audio`, a take to hear over a song at `sampleRate`.
  /// - Throws: ``AudioFileError`` when the take is at another rate (it would not line up).
  static func checked(_ audio: DecodedAudio, songRate sampleRate: Int) throws -> DecodedAudio {
    guard audio.format.sampleRate == sampleRate else {
      throw AudioFileError(
        url: audio.url, kind: .unsupportedFormat,
        detail: "the take is at \(audio.format.sampleRate) Hz, the song at \(sampleRate) Hz")
    }
    return audio
  }

  /// Whether two views are of the same memory (the same take, decoded once, with the same
  /// changes).
  func isSame(as other: TakeSound) -> Bool {
    samples.baseAddress == other.samples.baseAddress && frames == other.frames
      && changes.baseAddress == other.changes.baseAddress
  }
}

extension DecodedSamples {
  /// The first sample's address (nil for empty storage): identifies the memory.
  /// (`if let`, not `Optional.map`: a generic call allocates on the audio thread in a debug
  /// build.)
  var baseAddress: UnsafeRawPointer? {
    switch self {
    case .pcm16(let samples):
      if let base = samples.baseAddress { return UnsafeRawPointer(base) }
    case .float(let samples):
      if let base = samples.baseAddress { return UnsafeRawPointer(base) }
    }
    return nil
  }
}
