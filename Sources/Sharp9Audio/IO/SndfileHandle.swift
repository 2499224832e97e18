import CSndfile
import Foundation

/// Owns one libsndfile `SNDFILE*` and closes it in `deinit`. The only place C handles live;
/// ``AudioFileReader`` and ``AudioFileWriter`` wrap it. Not `Sendable`: libsndfile handles must
/// not be used from two threads at once.
final class SndfileHandle {
  /// The file named in errors (for writers: the final target, not the temporary path).
  let url: URL
  /// What libsndfile reported (read) or was asked for (write) at open.
  let info: SF_INFO
  private var pointer: OpaquePointer?
  /// What a virtual handle reads through (libsndfile keeps only a pointer to it).
  private let source: GrowingFileSource?

  /// Opens `path` with `SFM_READ` or `SFM_WRITE`; for writing, `info` says rate, channels and
  /// format. Throws ``AudioFileError`` with libsndfile's message on failure.
  init(path: String, mode: Int32, info: SF_INFO, reportingAs url: URL) throws(AudioFileError) {
    var info = info
    let opened = sf_open(path, mode, &info)
    guard let opened else {
      try Sndfile.check(sf_error(nil), "open", url: url, handle: nil)
      throw AudioFileError(url: url, kind: .unreadable, detail: "open: unknown libsndfile error")
    }
    self.url = url
    self.info = info
    self.pointer = opened
    self.source = nil
  }

  /// Opens `file`, still being written, for reading (`SFM_READ` through libsndfile's virtual
  /// I/O): libsndfile's reads wait for the writer (``GrowingFile``).
  init(reading file: GrowingFile) throws(AudioFileError) {
    let source = GrowingFileSource(file)
    var io = GrowingFileSource.callbacks
    var info = SF_INFO()
    let opened = sf_open_virtual(
      &io, Int32(SFM_READ), &info, Unmanaged.passUnretained(source).toOpaque())
    guard let opened else {
      try Sndfile.check(sf_error(nil), "open", url: file.url, handle: nil)
      throw AudioFileError(
        url: file.url, kind: .unreadable, detail: "open: unknown libsndfile error")
    }
    self.url = file.url
    self.info = info
    self.pointer = opened
    self.source = source
  }

  deinit {
    if let pointer { sf_close(pointer) }
  }

  /// The open handle; calling after ``close()`` is a programming error and traps.
  var raw: OpaquePointer {
    guard let pointer else { preconditionFailure("libsndfile handle used after close") }
    return pointer
  }

  /// Throws if libsndfile recorded an error on this handle during `operation`.
  func checkError(_ operation: String, kind: AudioFileError.Kind? = nil) throws(AudioFileError) {
    try Sndfile.check(sf_error(raw), operation, url: url, handle: raw, kind: kind)
  }

  /// Runs an `SFC_SET_*` boolean command and throws if libsndfile did not accept the new value
  /// (these commands return the resulting setting rather than an error code).
  func setFlag(_ command: Int32, _ value: Bool, _ operation: String) throws(AudioFileError) {
    let wanted = Int32(value ? SF_TRUE : SF_FALSE)
    let result = sf_command(raw, command, nil, wanted)
    guard result == wanted else {
      throw AudioFileError(
        url: url, kind: .writeFailed, detail: "\(operation): libsndfile returned \(result)")
    }
  }

  /// The open-time log (header parse notes), used to detect truncation libsndfile tolerates.
  func log() -> String {
    var buffer = [CChar](repeating: 0, count: 8192)
    let count = sf_command(raw, Int32(SFC_GET_LOG_INFO), &buffer, Int32(buffer.count))
    return String(
      decoding: buffer.prefix(Int(max(0, count))).map { UInt8(bitPattern: $0) },
      as: UTF8.self)
  }

  /// Closes the handle, checking libsndfile's result (a write handle flushes its header here).
  func close() throws(AudioFileError) {
    guard let pointer else { return }
    self.pointer = nil
    try Sndfile.check(sf_close(pointer), "close", url: url, handle: nil, kind: .writeFailed)
  }
}

@available(*, unavailable)
extension SndfileHandle: Sendable {}
