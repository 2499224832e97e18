import CSndfile
import Foundation

/// The one checked-call helper for libsndfile, and small lookups around it.
enum Sndfile {
  /// Throws an ``AudioFileError`` when `code` is not `SF_ERR_NO_ERROR`, carrying the operation
  /// and libsndfile's message. The error kind comes from the code unless `kind` overrides it.
  static func check(
    _ code: Int32, _ operation: String, url: URL, handle: OpaquePointer?,
    kind: AudioFileError.Kind? = nil
  ) throws(AudioFileError) {
    guard code != Int32(SF_ERR_NO_ERROR) else { return }
    // sf_strerror carries detail (errno text, header problem) for the handle or, with nil, for
    // the last failed open; sf_error_number only knows the code's generic text.
    let detailed = handle != nil || code == sf_error(nil)
    let message = String(cString: detailed ? sf_strerror(handle) : sf_error_number(code))
    throw AudioFileError(
      url: url, kind: kind ?? self.kind(of: code), detail: "\(operation): \(message)")
  }

  /// Maps libsndfile's public error codes; any other (internal) code is a damaged file.
  static func kind(of code: Int32) -> AudioFileError.Kind {
    switch Int(code) {
    case Int(SF_ERR_UNRECOGNISED_FORMAT), Int(SF_ERR_UNSUPPORTED_ENCODING): .unsupportedFormat
    case Int(SF_ERR_SYSTEM): .unreadable
    default: .malformed
    }
  }

  /// libsndfile's name for a major format or subtype (`"WAV (Microsoft)"`, `"Signed 16 bit
  /// PCM"`), or a hex code when it has none.
  static func formatName(_ format: Int32) -> String {
    var info = SF_FORMAT_INFO()
    info.format = format
    let result = sf_command(
      nil, Int32(SFC_GET_FORMAT_INFO), &info, Int32(MemoryLayout<SF_FORMAT_INFO>.size))
    guard result == 0, let name = info.name else {
      return "format 0x" + String(format, radix: 16)
    }
    return String(cString: name)
  }
}
