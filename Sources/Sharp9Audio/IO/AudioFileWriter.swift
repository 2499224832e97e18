import CSndfile
import Foundation

/// Writes interleaved `Float` frames to WAV (16-bit, 24-bit, float), FLAC (16-bit, 24-bit), AIFF,
/// Ogg Vorbis, Opus or MP3 (see ``AudioContainer``), never leaving a partial file behind.
///
/// Audio goes to a hidden temporary file beside the target (`.NAME.UUID.partial`), which
/// ``finish()`` closes and renames over the target in one step. A writer released without
/// `finish()`, or whose `finish()` fails, deletes its temporary file: the target is either the
/// complete new file or untouched.
///
/// Rules that make output predictable:
/// - Integer formats clip: samples beyond [-1, 1] are written as full scale (libsndfile's
///   `SFC_SET_CLIPPING`) instead of wrapping around into loud garbage. The scale matches the
///   reader's (16-bit `k / 32768`), so reading then writing at the same depth is lossless and
///   +1.0 becomes 32767.
/// - Output bytes depend only on the samples and settings: the WAV `PEAK` chunk, which carries a
///   wall-clock timestamp, is switched off (float WAVs keep the space reserved for it as a
///   zero-filled `PAD ` chunk, which every reader skips), and nothing else libsndfile writes for
///   WAV or FLAC depends on time (FLAC's vendor string names the libFLAC version).
///
/// Not `Sendable`: use one writer from one task at a time.
public final class AudioFileWriter {
  /// The file that exists once ``finish()`` succeeds.
  public let url: URL
  /// Frames per second.
  public let sampleRate: Int
  /// Interleaved channels per frame.
  public let channels: Int
  /// Frames accepted so far.
  public private(set) var framesWritten: Int64 = 0
  private let temporaryURL: URL
  private let handle: SndfileHandle
  private let maximumFrames: Int64
  private var finished = false

  /// Creates a writer for `url` (replaced on ``finish()`` if it exists).
  /// Throws ``AudioFileError`` `.unsupportedOutput` for FLAC float or a rate/channel count the
  /// container cannot store, `.createFailed` when the directory is not writable.
  public convenience init(
    url: URL, container: AudioContainer, sample: AudioSampleFormat, sampleRate: Int, channels: Int
  ) throws {
    // WAV sizes are 32-bit: stop well before the header's 4 GiB limit rather than corrupt it.
    let wavLimit = Int64(UInt32.max - 1 << 16) / Int64(max(1, channels) * sample.bytesPerSample)
    try self.init(
      url: url, sndfileFormat: container.sndfileFormat(sample),
      sampleRate: sampleRate, channels: channels,
      maximumFrames: container == .wav ? wavLimit : Int64.max)
  }

  /// Creates a writer for any libsndfile format code (tests use it for Ogg, Opus, MP3, AIFF).
  init(
    url: URL, sndfileFormat: Int32, sampleRate: Int, channels: Int,
    maximumFrames: Int64 = Int64.max
  ) throws {
    var info = SF_INFO()
    info.samplerate = Int32(clamping: sampleRate)
    info.channels = Int32(clamping: channels)
    info.format = sndfileFormat
    // libsndfile accepts Opus at any rate here and fails only when opening: say why up front.
    let opusRates = [8_000, 12_000, 16_000, 24_000, 48_000]
    let isOpus = sndfileFormat & Int32(SF_FORMAT_SUBMASK) == Int32(SF_FORMAT_OPUS)
    guard !isOpus || opusRates.contains(sampleRate) else {
      throw AudioFileError(
        url: url, kind: .unsupportedOutput,
        detail: "Opus stores 8, 12, 16, 24 or 48 kHz only, not \(sampleRate) Hz")
    }
    guard sampleRate > 0, channels > 0, sf_format_check(&info) == Int32(SF_TRUE) else {
      throw AudioFileError(
        url: url, kind: .unsupportedOutput,
        detail: "\(Sndfile.formatName(sndfileFormat & Int32(SF_FORMAT_TYPEMASK))) cannot store "
          + "\(Sndfile.formatName(sndfileFormat & Int32(SF_FORMAT_SUBMASK))) with \(channels) "
          + "channels at \(sampleRate) Hz")
    }
    let temporaryURL = url.deletingLastPathComponent()
      .appending(path: ".\(url.lastPathComponent).\(UUID().uuidString).partial")
    do {
      handle = try SndfileHandle(
        path: temporaryURL.path, mode: Int32(SFM_WRITE), info: info, reportingAs: url)
    } catch {
      // libsndfile writes the header as it opens: a full disk fails here, and is a full disk.
      let full = errno == ENOSPC || errno == EDQUOT
      throw AudioFileError(
        url: url, kind: full ? .writeFailed : .createFailed, detail: error.detail)
    }
    self.url = url
    self.sampleRate = sampleRate
    self.channels = channels
    self.temporaryURL = temporaryURL
    self.maximumFrames = maximumFrames
    // From here on deinit removes the temporary file if anything below throws.
    try handle.setFlag(Int32(SFC_SET_CLIPPING), true, "enabling clipping")
    if sndfileFormat & Int32(SF_FORMAT_TYPEMASK) == Int32(SF_FORMAT_WAV) {
      try handle.setFlag(Int32(SFC_SET_ADD_PEAK_CHUNK), false, "disabling the PEAK chunk")
    }
  }

  deinit {
    if !finished { try? FileManager.default.removeItem(at: temporaryURL) }
  }

  /// Appends `frames` interleaved frames from the start of `interleaved`, which must hold at
  /// least `frames * channels` samples (programmer error otherwise: traps).
  public func write(_ interleaved: UnsafeBufferPointer<Float>, frames: Int) throws {
    precondition(!finished, "write after finish()")
    precondition(frames >= 0, "frames must not be negative")
    precondition(interleaved.count >= frames * channels, "buffer smaller than frames × channels")
    guard frames > 0, let base = interleaved.baseAddress else { return }
    guard framesWritten + Int64(frames) <= maximumFrames else {
      throw AudioFileError(
        url: url, kind: .writeFailed,
        detail: "WAV holds at most \(maximumFrames) frames at this format; write FLAC instead")
    }
    errno = 0
    let written = sf_writef_float(handle.raw, base, Int64(frames))
    // libsndfile says only "System error" when the disk fills: errno says which.
    let failed = written < Int64(frames) || sf_error(handle.raw) != 0
    if failed, errno == ENOSPC || errno == EDQUOT {
      throw AudioFileError(
        url: url, kind: .writeFailed, detail: "the disk is full (at frame \(framesWritten))")
    }
    try handle.checkError("writing at frame \(framesWritten)", kind: .writeFailed)
    guard written == Int64(frames) else {
      throw AudioFileError(
        url: url, kind: .writeFailed,
        detail: "wrote \(written) of \(frames) frames at frame \(framesWritten)")
    }
    framesWritten += written
  }

  /// Hands what was written so far to the disk (libsndfile's `sf_write_sync`), so that after a
  /// crash the temporary file holds at least this much.
  public func flush() {
    precondition(!finished, "flush after finish()")
    sf_write_sync(handle.raw)
  }

  /// Completes the file: flushes and closes it, then renames it onto ``url`` atomically. After a
  /// failure the temporary file is removed and the target is untouched.
  public func finish() throws {
    precondition(!finished, "finish() called twice")
    try handle.close()
    guard rename(temporaryURL.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      throw AudioFileError(url: url, kind: .writeFailed, detail: "renaming into place: \(reason)")
    }
    finished = true
  }
}

@available(*, unavailable)
extension AudioFileWriter: Sendable {}
