/// What an audio file holds: rate, channels, length, and libsndfile's names for its container and
/// sample encoding.
public struct AudioFormat: Sendable, Equatable, Hashable, Codable {
  /// Frames per second.
  public var sampleRate: Int
  /// Interleaved channels per frame.
  public var channels: Int
  /// Length in frames (one frame = one sample per channel). Exact for WAV, AIFF, FLAC, Ogg and
  /// tagged MP3 (an MP3 without a LAME/Xing length tag reports libsndfile's estimate, and reading
  /// simply ends where the stream does); files whose length cannot be known are rejected as
  /// truncated when opened.
  public var frames: Int64
  /// The container, as libsndfile names it, e.g. `"WAV (Microsoft)"`, `"FLAC (Free Lossless Audio
  /// Codec)"`, `"OGG (OGG Container format)"`.
  public var container: String
  /// The sample encoding, as libsndfile names it, e.g. `"Signed 16 bit PCM"`, `"Vorbis"`.
  public var encoding: String

  /// Creates a format description.
  public init(sampleRate: Int, channels: Int, frames: Int64, container: String, encoding: String) {
    self.sampleRate = sampleRate
    self.channels = channels
    self.frames = frames
    self.container = container
    self.encoding = encoding
  }

  /// Length in seconds (`frames / sampleRate`).
  public var durationSec: Double {
    sampleRate > 0 ? Double(frames) / Double(sampleRate) : 0
  }
}
