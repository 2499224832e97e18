import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Sharp9Server

/// Issue 21, S3: `Range` headers generated from their parts (first and last positions from the
/// file's edges to numbers past `Int64`, other units, several ranges), each answered as an
/// independent reading of RFC 9110 says: 206 with the bytes, 416 with `Content-Range: bytes */N`,
/// or the whole file when the header is to be ignored. A number too large to represent is 416.
@Suite struct RangeHeaderTests {
  /// What a header should get, worked out with numbers as decimal text (no overflow possible).
  enum Expected: Equatable {
    case whole
    case part(Int, Int)
    case unsatisfiable
  }

  static func expected(_ header: String, size: Int) -> Expected {
    guard header.hasPrefix("bytes="), !header.contains(",") else { return .whole }
    let spec = String(header.dropFirst(6))
    let sides = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    guard sides.count == 2, sides.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }) else {
      return .whole
    }
    let (first, last) = (String(sides[0]), String(sides[1]))
    if first.isEmpty && last.isEmpty { return .whole }
    /// `text` as a number when it fits `Int64`; nil for too large.
    func small(_ text: String) -> Int? {
      let trimmed = String(text.drop { $0 == "0" })
      if trimmed.count > 19 || trimmed.count == 19 && trimmed > "9223372036854775807" {
        return nil
      }
      return Int(trimmed.isEmpty ? "0" : trimmed)
    }
    if first.isEmpty {
      guard let n = small(last) else { return .unsatisfiable }
      return n == 0 || size == 0 ? .unsatisfiable : .part(max(0, size - n), size - 1)
    }
    guard let a = small(first) else { return .unsatisfiable }
    if last.isEmpty { return a < size ? .part(a, size - 1) : .unsatisfiable }
    guard let b = small(last) else { return .unsatisfiable }
    guard a <= b else { return .whole }
    return a < size ? .part(a, min(b, size - 1)) : .unsatisfiable
  }

  static func headers(size: Int) -> [String] {
    let positions = [
      "", "0", "1", "10", "\(size - 1)", "\(size)", "\(size + 1)", "00000000000000000000001",
      "9223372036854775806", "9223372036854775807", "9223372036854775808",
      "99999999999999999999", "18446744073709551616", "-1", "+1", "1.5", "a", "0x10",
    ]
    var headers: [String] = []
    for first in positions {
      for last in positions {
        headers.append("bytes=\(first)-\(last)")
      }
    }
    return headers + [
      "bytes=0-1,4-5", "items=0-1", "bytes=", "bytes=-", "bytes=--1", "bytes", "0-1", "bytes=1",
      "BYTES=0-1",
    ]
  }

  @Test func everyGeneratedRangeGetsTheAnswerTheRFCGives() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    try await fixture.test { client in
      let uri = "/api/sessions/\(id)/render.wav"
      let whole = [UInt8](try await client.execute(uri: uri, method: .get).body.readableBytesView)
      let size = whole.count
      let headers = Self.headers(size: size)
      #expect(headers.count > 300)
      for header in headers {
        let response = try await client.execute(uri: uri, method: .get, headers: [.range: header])
        let body = [UInt8](response.body.readableBytesView)
        switch Self.expected(header, size: size) {
        case .whole:
          #expect(response.status == .ok && body == whole, "\(header): \(response.status)")
        case .part(let a, let b):
          #expect(response.status == .partialContent, "\(header): \(response.status)")
          #expect(body == Array(whole[a...b]), "\(header)")
          #expect(response.headers[.contentRange] == "bytes \(a)-\(b)/\(size)", "\(header)")
        case .unsatisfiable:
          #expect(response.status == .rangeNotSatisfiable, "\(header): \(response.status)")
          #expect(response.headers[.contentRange] == "bytes */\(size)", "\(header)")
        }
      }
      let alive = try await client.execute(uri: "/api/sessions", method: .get)
      #expect(alive.status == .ok)
    }
  }
}
