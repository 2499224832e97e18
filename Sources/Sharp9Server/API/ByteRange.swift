import Foundation
import HTTPTypes
import Hummingbird

/// A single `Range: bytes=…` request (RFC 9110 §14.1.2): `a-b`, `a-` or `-n` (the last n bytes).
/// Several ranges in one request, another unit or a malformed spec are answered with the whole
/// file, as the RFC allows.
struct ByteRange: Equatable {
  var lower: Int64
  var upper: Int64

  /// What a `Range` header asks of a file.
  enum Request: Equatable {
    /// No range, or one the RFC says to ignore: the whole file (200).
    case whole
    /// These bytes (206).
    case part(ByteRange)
    /// Nothing of the file: a first byte at or past its end, an empty suffix, a number too large
    /// to represent, or an empty file (416 with `Content-Range: bytes */size`).
    case unsatisfiable
  }

  /// The range `header` asks for in a file of `size` bytes. Numbers are plain ASCII digits; one
  /// that does not fit in `Int64` can name no byte of a file and is unsatisfiable, never wrapped.
  static func parse(_ header: String?, size: Int64) -> Request {
    guard let header, header.hasPrefix("bytes="), !header.contains(",") else { return .whole }
    let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
    let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, let first = Number(parts[0]), let last = Number(parts[1]) else {
      return .whole
    }
    switch (first, last) {
    case (.value(let a), .value(let b)):
      guard a <= b else { return .whole }
      return satisfiable(ByteRange(lower: a, upper: min(b, size - 1)), size: size)
    case (.value(let a), .absent):
      return satisfiable(ByteRange(lower: a, upper: size - 1), size: size)
    case (.absent, .value(let n)):
      guard n > 0 else { return .unsatisfiable }
      return satisfiable(ByteRange(lower: max(0, size - n), upper: size - 1), size: size)
    case (.absent, .absent): return .whole
    case (.value, .tooLarge), (.tooLarge, _), (.absent, .tooLarge): return .unsatisfiable
    }
  }

  private static func satisfiable(_ range: ByteRange, size: Int64) -> Request {
    range.lower < size && range.lower <= range.upper ? .part(range) : .unsatisfiable
  }

  /// One side of a range spec.
  private enum Number {
    case absent
    case value(Int64)
    case tooLarge

    /// nil when `text` is not empty and not all ASCII digits.
    init?(_ text: Substring) {
      guard text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
      if text.isEmpty {
        self = .absent
      } else if let value = Int64(text) {
        self = .value(value)
      } else {
        self = .tooLarge
      }
    }
  }

  var count: Int64 { upper - lower + 1 }
}

extension APIResponse {
  /// The file open in `handle`, of `size` bytes: whole (200), the part `Range` asks for (206), or
  /// 416 with `Content-Range: bytes */size`; streamed in chunks. Reading from an open handle, the
  /// answer survives the file's deletion meanwhile (``RenderCache`` drops superseded renders).
  static func file(
    _ handle: FileHandle, size: Int64, type: String, request: Request
  ) throws -> Response {
    let part: ByteRange
    let partial: Bool
    switch ByteRange.parse(request.headers[.range], size: size) {
    case .unsatisfiable:
      var response = failure(
        .rangeNotSatisfiable, "the range asked for lies outside the file's \(size) bytes")
      response.headers[.contentRange] = "bytes */\(size)"
      return response
    case .whole: (part, partial) = (ByteRange(lower: 0, upper: size - 1), false)
    case .part(let range): (part, partial) = (range, true)
    }
    var headers: HTTPFields = [
      .contentType: type, .acceptRanges: "bytes", .contentLength: String(max(0, part.count)),
      .cacheControl: "no-store",
    ]
    if partial {
      headers[.contentRange] = "bytes \(part.lower)-\(part.upper)/\(size)"
    }
    let body = ResponseBody(contentLength: Int(max(0, part.count))) { writer in
      defer { try? handle.close() }
      try handle.seek(toOffset: UInt64(max(0, part.lower)))
      var left = part.count
      while left > 0 {
        let chunk = try handle.read(upToCount: Int(min(left, 1 << 20))) ?? Data()
        if chunk.isEmpty { break }
        try await writer.write(ByteBuffer(bytes: chunk))
        left -= Int64(chunk.count)
      }
      try await writer.finish(nil)
    }
    return Response(status: partial ? .partialContent : .ok, headers: headers, body: body)
  }
}
