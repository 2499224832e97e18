import Foundation

/// A whole source decoded once into memory (exactly the floats ``AudioFileReader`` returns), so
/// the live engine's audio thread reads it without file I/O.
///
/// Memory: `frames × channels × 2` bytes for 16-bit sources (WAV, FLAC, AIFF), `× 4` for others
/// (a 1-hour stereo track at 44.1 kHz: 635 MB or 1.27 GB); see ``DecodedSamples``. Immutable
/// after `init`, so any thread may read it.
public final class DecodedAudio: @unchecked Sendable {
  /// The file it was decoded from.
  public let url: URL
  /// Rate, channels and length.
  public let format: AudioFormat
  /// The samples, `format.frames × format.channels`, written once in `init`.
  let samples: DecodedSamples
  /// Frees the samples once no ``DecodedAudio`` sharing them is left.
  private let owner: Owner

  /// Decodes `url` completely.
  /// - Throws: ``AudioFileError`` when the file cannot be opened or decoded.
  public convenience init(url: URL) throws {
    try self.init(url: url, decoding: AudioFileReader(url: url))
  }

  /// Decodes `file` as its writer writes it (an upload arriving), so that the decode is done
  /// when the last byte is: only a file of 16-bit samples (nil for any other), whose memory is
  /// then filled only as its bytes arrive (a header that promises gigabytes and a writer that
  /// stalls cost no more than the bytes written).
  /// - Throws: ``AudioFileError`` when the file cannot be opened or decoded, or ends short.
  public convenience init?(growing file: GrowingFile) throws {
    let reader = try AudioFileReader(growing: file)
    guard reader.holdsPCM16 else { return nil }
    try self.init(url: file.url, decoding: reader)
  }

  /// Decodes every frame `reader` holds.
  private convenience init(url: URL, decoding reader: AudioFileReader) throws {
    self.init(
      url: url, format: reader.format,
      samples: try DecodedSamples.decode(
        reader, count: Int(reader.format.frames) * reader.format.channels))
  }

  private init(url: URL, format: AudioFormat, samples: DecodedSamples) {
    self.url = url
    self.format = format
    self.samples = samples
    owner = Owner(samples)
  }

  private init(sharing audio: DecodedAudio, url: URL) {
    self.url = url
    format = audio.format
    samples = audio.samples
    owner = audio.owner
  }

  /// The same samples, as decoded from `url`: a file with the same bytes (the song library's
  /// copy of the file decoded), so a song is decoded once and held in memory once.
  public func sharingSamples(as url: URL) -> DecodedAudio {
    DecodedAudio(sharing: self, url: url)
  }

  /// Bytes the samples occupy in memory.
  public var sampleBytes: Int { samples.byteCount }

  private final class Owner: @unchecked Sendable {
    let samples: DecodedSamples
    init(_ samples: DecodedSamples) { self.samples = samples }
    deinit { samples.deallocate() }
  }
}

/// One reading position in a ``DecodedAudio``: a voice's "file handle" that never does I/O.
final class DecodedAudioCursor: SourceStream {
  let audio: DecodedAudio
  private var position: Int64 = 0

  init(_ audio: DecodedAudio) { self.audio = audio }

  var format: AudioFormat { audio.format }

  func seek(toFrame frame: Int64) throws {
    // Compared, not `(0...frames).contains`: the first use of `ClosedRange<Int64>` instantiates
    // its metadata, an allocation on the audio thread.
    precondition(frame >= 0 && frame <= audio.format.frames, "seek outside the source")
    position = frame
  }

  func read(into buffer: UnsafeMutableBufferPointer<Float>, frames: Int) throws -> Int {
    let channels = audio.format.channels
    let count = Int(min(Int64(frames), audio.format.frames - position))
    guard count > 0, let destination = buffer.baseAddress else { return 0 }
    audio.samples.copy(
      from: Int(position) * channels, count: count * channels, to: destination)
    position += Int64(count)
    return count
  }
}
