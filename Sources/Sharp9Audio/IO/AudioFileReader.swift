import CSndfile
import Foundation

/// Streams interleaved `Float` frames out of any file libsndfile reads: WAV, AIFF, FLAC, Ogg
/// Vorbis, Opus, MP3 and the rest of its formats.
///
/// Memory does not depend on the file's length: the caller supplies the buffer and reads in
/// chunks. Integer samples come back scaled to [-1, 1) (16-bit `k` reads as `k / 32768`).
///
/// ```swift
/// let reader = try AudioFileReader(url: url)
/// var chunk = [Float](repeating: 0, count: 4096 * reader.format.channels)
/// try chunk.withUnsafeMutableBufferPointer { buffer in
///   while try reader.read(into: buffer, frames: 4096) > 0 { /* use buffer */ }
/// }
/// ```
///
/// Opening checks the file thoroughly: a missing path, a directory, an empty file, unknown bytes
/// and a file shorter than its header promises each throw an ``AudioFileError`` saying so. Not
/// `Sendable`: use one reader from one task at a time.
public final class AudioFileReader {
  /// The file being read.
  public let url: URL
  /// Rate, channels, exact length and encoding of the file.
  public let format: AudioFormat
  /// The next frame ``read(into:frames:)`` returns.
  public private(set) var position: Int64 = 0
  private let handle: SndfileHandle
  /// MP3 files without a length tag report an estimated length; a shortfall there is the end of
  /// the stream, not a truncation.
  private let lengthIsEstimate: Bool
  /// Whether the samples are 16-bit integers in a container libsndfile decodes exactly, so
  /// ``read(into:frames:)-(UnsafeMutableBufferPointer<Int16>,_)`` returns each sample `k` the float
  /// read returns as `k / 32768`.
  public let holdsPCM16: Bool

  /// The containers whose 16-bit PCM libsndfile's float read scales by exactly 2⁻¹⁵ (its pcm.c,
  /// and flac.c's shift to 32 bits and back): the integers are then the floats, without a
  /// conversion or a check per sample.
  private static let exactPCM16Containers = [
    SF_FORMAT_WAV, SF_FORMAT_WAVEX, SF_FORMAT_AIFF, SF_FORMAT_W64, SF_FORMAT_RF64, SF_FORMAT_CAF,
    SF_FORMAT_FLAC,
  ].map { Int32($0) }

  /// Opens `url` for reading. Throws ``AudioFileError`` naming the file and the reason.
  public convenience init(url: URL) throws {
    try AudioFilePath.checkReadable(url)
    try self.init(
      handle: SndfileHandle(
        path: url.path, mode: Int32(SFM_READ), info: SF_INFO(), reportingAs: url))
  }

  /// Opens `file` while its writer is still writing it: each read waits for the bytes it needs
  /// (``GrowingFile``). Checked as a file is, against the length the writer announced.
  public convenience init(growing file: GrowingFile) throws {
    try self.init(handle: SndfileHandle(reading: file))
  }

  private init(handle: SndfileHandle) throws {
    let url = handle.url
    var info = handle.info
    if info.frames == Int64.max,
      info.format & Int32(SF_FORMAT_TYPEMASK) == Int32(SF_FORMAT_FLAC)
    {
      info.frames = try Self.measureLength(handle, url: url)
    }
    guard info.frames != Int64.max else {
      throw AudioFileError(
        url: url, kind: .truncated, detail: "the stream has no end marker, so its length is unknown"
      )
    }
    if let shortfall = SndfileLog.truncation(in: handle.log()) {
      throw AudioFileError(
        url: url, kind: .truncated,
        detail:
          "the header promises \(shortfall.declared) bytes of audio, \(shortfall.present) present")
    }
    guard info.samplerate > 0, info.channels > 0, info.frames >= 0 else {
      throw AudioFileError(
        url: url, kind: .malformed,
        detail: "\(info.channels) channels at \(info.samplerate) Hz, \(info.frames) frames")
    }
    self.url = url
    self.handle = handle
    self.lengthIsEstimate = info.format & Int32(SF_FORMAT_TYPEMASK) == Int32(SF_FORMAT_MPEG)
    self.holdsPCM16 =
      info.format & Int32(SF_FORMAT_SUBMASK) == Int32(SF_FORMAT_PCM_16)
      && Self.exactPCM16Containers.contains(info.format & Int32(SF_FORMAT_TYPEMASK))
    self.format = AudioFormat(
      sampleRate: Int(info.samplerate), channels: Int(info.channels), frames: info.frames,
      container: Sndfile.formatName(info.format & Int32(SF_FORMAT_TYPEMASK)),
      encoding: Sndfile.formatName(info.format & Int32(SF_FORMAT_SUBMASK)))
  }

  /// The length of a FLAC stream whose STREAMINFO says "unknown" (0 samples: a streaming
  /// encoder's header, or a recording cut short before its writer finished the file), found by
  /// decoding it through once: the frames of its complete FLAC frames (libsndfile stops before
  /// one cut off at the end). The handle is left at frame 0.
  private static func measureLength(_ handle: SndfileHandle, url: URL) throws(AudioFileError)
    -> Int64
  {
    let chunk = 4096
    let scratch = UnsafeMutablePointer<Float>.allocate(
      capacity: chunk * Int(max(1, handle.info.channels)))
    defer { scratch.deallocate() }
    var frames: Int64 = 0
    while true {
      let got = sf_readf_float(handle.raw, scratch, Int64(chunk))
      guard got > 0 else { break }
      frames += got
    }
    // Nothing to go back to (libsndfile cannot seek a stream with no frame).
    guard frames > 0 else { return 0 }
    guard sf_seek(handle.raw, 0, SEEK_SET) == 0 else {
      throw AudioFileError(
        url: url, kind: .malformed,
        detail: "cannot go back to the start of a stream of unknown length")
    }
    return frames
  }

  /// Reads up to `frames` interleaved frames into the start of `buffer` and returns how many it
  /// read: fewer only at the end of the file, 0 once the end is reached.
  ///
  /// - Parameter buffer: must hold at least `frames * format.channels` samples (programmer error
  ///   otherwise: traps).
  /// - Throws: ``AudioFileError`` `.truncated` when the data ends before ``AudioFormat/frames`` or
  ///   the decoder reports corruption.
  public func read(into buffer: UnsafeMutableBufferPointer<Float>, frames: Int) throws -> Int {
    try read(into: buffer, frames: frames) { sf_readf_float($0, $1, $2) }
  }

  /// Reads up to `frames` interleaved frames of 16-bit samples, as the file holds them (only when
  /// ``holdsPCM16``: traps otherwise), into the start of `buffer`; as the float read, whose
  /// samples are these divided by 32768, exactly.
  public func read(into buffer: UnsafeMutableBufferPointer<Int16>, frames: Int) throws -> Int {
    precondition(holdsPCM16, "16-bit reads of a file that does not hold 16-bit samples")
    return try read(into: buffer, frames: frames) { sf_readf_short($0, $1, $2) }
  }

  private func read<Sample>(
    into buffer: UnsafeMutableBufferPointer<Sample>, frames: Int,
    decode: (OpaquePointer, UnsafeMutablePointer<Sample>, Int64) -> Int64
  ) throws -> Int {
    precondition(frames >= 0, "frames must not be negative")
    precondition(buffer.count >= frames * format.channels, "buffer smaller than frames × channels")
    let wanted = Int(min(Int64(frames), format.frames - position))
    guard wanted > 0, let base = buffer.baseAddress else { return 0 }
    var done = 0
    while done < wanted {
      let got = decode(handle.raw, base + done * format.channels, Int64(wanted - done))
      try handle.checkError("decoding at frame \(position + Int64(done))", kind: .truncated)
      guard got > 0 else { break }
      done += Int(got)
    }
    position += Int64(done)
    if done < wanted && !lengthIsEstimate {
      throw AudioFileError(
        url: url, kind: .truncated,
        detail: "the header promises \(format.frames) frames, the data ends at frame \(position)")
    }
    return done
  }

  /// Moves to `frame` (0...``AudioFormat/frames``; outside that range traps) so the next read
  /// starts there.
  public func seek(toFrame frame: Int64) throws {
    precondition((0...format.frames).contains(frame), "seek outside 0...\(format.frames)")
    let result = sf_seek(handle.raw, frame, SEEK_SET)
    guard result == frame else {
      try handle.checkError("seeking to frame \(frame)")
      throw AudioFileError(
        url: url, kind: .malformed, detail: "seeking to frame \(frame) landed at \(result)")
    }
    position = frame
  }
}

@available(*, unavailable)
extension AudioFileReader: Sendable {}
