import Foundation

/// A whole source decoded once into memory (interleaved 32-bit floats, exactly what
/// ``AudioFileReader`` returns), so the live engine's audio thread reads it without file I/O.
///
/// Memory: `frames × channels × 4` bytes (a 1-hour stereo track at 44.1 kHz: 1.27 GB). Immutable
/// after `init`, so any thread may read it.
public final class DecodedAudio: @unchecked Sendable {
  /// The file it was decoded from.
  public let url: URL
  /// Rate, channels and length.
  public let format: AudioFormat
  /// The samples, `format.frames × format.channels`, allocated once and never written again.
  let samples: UnsafeMutableBufferPointer<Float>

  /// Decodes `url` completely.
  /// - Throws: ``AudioFileError`` when the file cannot be opened or decoded.
  public init(url: URL) throws {
    let reader = try AudioFileReader(url: url)
    format = reader.format
    self.url = url
    let count = Int(reader.format.frames) * reader.format.channels
    samples = .allocate(capacity: max(1, count))
    samples.initialize(repeating: 0)
    var done = 0
    let chunk = 65_536
    while done < Int(reader.format.frames) {
      let frames = min(chunk, Int(reader.format.frames) - done)
      let slice = UnsafeMutableBufferPointer(
        rebasing: samples[(done * format.channels)..<((done + frames) * format.channels)])
      let got = try reader.read(into: slice, frames: frames)
      guard got > 0 else { break }
      done += got
    }
  }

  deinit { samples.deallocate() }
}

/// One reading position in a ``DecodedAudio``: a voice's "file handle" that never does I/O.
final class DecodedAudioCursor: SourceStream {
  let audio: DecodedAudio
  private var position: Int64 = 0

  init(_ audio: DecodedAudio) { self.audio = audio }

  var format: AudioFormat { audio.format }

  func seek(toFrame frame: Int64) throws {
    precondition((0...audio.format.frames).contains(frame), "seek outside the source")
    position = frame
  }

  func read(into buffer: UnsafeMutableBufferPointer<Float>, frames: Int) throws -> Int {
    let channels = audio.format.channels
    let count = Int(min(Int64(frames), audio.format.frames - position))
    guard count > 0, let destination = buffer.baseAddress, let source = audio.samples.baseAddress
    else { return 0 }
    destination.update(from: source + Int(position) * channels, count: count * channels)
    position += Int64(count)
    return count
  }
}
