import Foundation
import HTTPTypes
import Hummingbird

/// A single `Range: bytes=…` request (RFC 9110 §14.1.2): `a-b`, `a-` or `-n` (the last n bytes).
/// Several ranges in one request are answered with the whole file, as the RFC allows.
struct ByteRange: Equatable {
  var lower: Int64
  var upper: Int64

  /// The range `header` asks for in a file of `size` bytes; nil when absent or not one range;
  /// throws 416 when it lies outside the file.
  static func parse(_ header: String?, size: Int64) throws -> ByteRange? {
    guard let header, header.hasPrefix("bytes="), !header.contains(",") else { return nil }
    let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
    let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    let range: ByteRange
    switch (Int64(parts[0]), Int64(parts[1])) {
    case (let a?, let b?) where a <= b: range = ByteRange(lower: a, upper: min(b, size - 1))
    case (let a?, nil) where parts[1].isEmpty: range = ByteRange(lower: a, upper: size - 1)
    case (nil, let n?) where parts[0].isEmpty && n > 0:
      range = ByteRange(lower: max(0, size - n), upper: size - 1)
    default: return nil
    }
    guard range.lower < size, range.lower <= range.upper else {
      throw APIFailure(.rangeNotSatisfiable, "bytes \(spec) lie outside the \(size) bytes")
    }
    return range
  }

  var count: Int64 { upper - lower + 1 }
}

extension APIResponse {
  /// The file at `url`, whole (200) or the part `Range` asks for (206), streamed in chunks.
  static func file(_ url: URL, type: String, request: Request) throws -> Response {
    let size = try (FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int64) ?? 0
    let range = try ByteRange.parse(request.headers[.range], size: size)
    let part = range ?? ByteRange(lower: 0, upper: size - 1)
    var headers: HTTPFields = [
      .contentType: type, .acceptRanges: "bytes", .contentLength: String(max(0, part.count)),
      .cacheControl: "no-store",
    ]
    if let range {
      headers[.contentRange] = "bytes \(range.lower)-\(range.upper)/\(size)"
    }
    let body = ResponseBody(contentLength: Int(max(0, part.count))) { writer in
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      try handle.seek(toOffset: UInt64(part.lower))
      var left = part.count
      while left > 0 {
        let chunk = try handle.read(upToCount: Int(min(left, 1 << 20))) ?? Data()
        if chunk.isEmpty { break }
        try await writer.write(ByteBuffer(bytes: chunk))
        left -= Int64(chunk.count)
      }
      try await writer.finish(nil)
    }
    return Response(status: range == nil ? .ok : .partialContent, headers: headers, body: body)
  }
}
