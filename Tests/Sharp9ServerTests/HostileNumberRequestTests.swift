import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Sharp9Server

/// Issue 21, S2: every number the HTTP API reads from a request (query parameters, headers),
/// with the extremes an attacker sends. A number outside `0...2^53` or not plain digits is 400;
/// any other answer is 2xx or 4xx (a stream may simply run); and the server answers afterwards.
@Suite struct HostileNumberRequestTests {
  static let extremes = [
    "-9223372036854775808", "9223372036854775807", "9223372036854775808", "-1", "-0", "0", "1",
    "0000007", "+5", "1e308", "nan", "inf", "-inf", "1.5", "0x10", "", "٣",
    "99999999999999999999999999999999999999", "9007199254740992", "9007199254740993",
    "00000000000000000001", "18446744073709551616",
  ]

  /// Where a number goes: `X` in the URI, or the header named.
  struct Input: CustomTestStringConvertible, Sendable {
    var method: HTTPRequest.Method = .get
    var uri: String
    var header: HTTPField.Name?
    var testDescription: String { "\(method) \(uri) \(header.map { "\($0): X" } ?? "")" }
  }

  static let inputs = [
    Input(uri: "/api/sessions/ID/state?at=X"),
    Input(uri: "/api/sessions/ID/events?from=X"),
    Input(uri: "/api/sessions/ID/events?limit=X"),
    Input(uri: "/api/sessions/ID/events?from=X&limit=X"),
    Input(uri: "/api/sessions/ID/history?at=X"),
    Input(uri: "/api/sessions/ID/peaks?buckets=X"),
    Input(uri: "/api/sessions/ID/live?after=X&stopAfter=1"),
    Input(uri: "/api/sessions/ID/live?after=0&stopAfter=X"),
    Input(uri: "/api/sessions/ID/live?stopAfter=1", header: .lastEventID),
    Input(method: .post, uri: "/api/sessions/ID/fork?at=X"),
  ]

  @Test(arguments: inputs)
  func aNumberFromOutsideIsRangeCheckedAndNeverTraps(input: Input) async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    try await fixture.test { client in
      for value in Self.extremes {
        let encoded = value.utf8.map { String(format: "%%%02X", $0) }.joined()
        var uri = input.uri.replacingOccurrences(of: "ID", with: id)
        var headers = withToken
        if let header = input.header {
          headers[header] = value
        } else {
          uri = uri.replacingOccurrences(of: "X", with: encoded)
        }
        // Only a live stream may run on; anything else is awaited to its end.
        let status =
          uri.contains("/live")
          ? try await Self.status(client, uri: uri, method: input.method, headers: headers)
          : try await client.execute(uri: uri, method: input.method, headers: headers).status
        let wellFormed =
          value.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } && !value.isEmpty
          && value.count <= 16 && (Int64(value) ?? .max) <= 1 << 53
        if !wellFormed {
          #expect(status == .badRequest, "\(value): \(status.map { "\($0)" } ?? "streaming")")
        } else if let status {
          #expect(status.kind == .successful || status.kind == .clientError, "\(value): \(status)")
        }
        let alive = try await client.execute(uri: "/api/sessions", method: .get)
        #expect(alive.status == .ok, "the server answers after \(value)")
      }
    }
  }

  /// The status of a request, or nil when its answer is still streaming after `seconds` (long
  /// enough for a loaded machine to answer a refusal).
  static func status(
    _ client: some TestClientProtocol, uri: String, method: HTTPRequest.Method,
    headers: HTTPFields, seconds: Int = 30
  ) async throws -> HTTPResponse.Status? {
    try await withThrowingTaskGroup(of: HTTPResponse.Status?.self) { group in
      group.addTask { try await client.execute(uri: uri, method: method, headers: headers).status }
      group.addTask {
        try await Task.sleep(for: .seconds(seconds))
        return nil
      }
      let first = try await group.next() ?? nil
      group.cancelAll()
      return first
    }
  }
}
