import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Sharp9Domain
import Testing

@testable import Sharp9Server

/// `GET /api/journal` with generated query strings: days of every shape (real, impossible, signed,
/// padded, other digits, too long), song filters of every length and script, and pass counts
/// from the extremes. Each expected status comes from the rules worked out beside the request,
/// not from the server's code: a well-formed query is 200 with a JSON array, any other is 400
/// with a sentence, and the server answers afterwards.
@Suite struct HostileJournalRequestTests {
  /// One generated query parameter: its text and whether the route must accept it.
  struct Parameter {
    var text: String
    var isValid: Bool
  }

  static func day(_ random: inout SplitMix64) -> Parameter {
    switch random.next() % 8 {
    case 0: return Parameter(text: "+202-01-01", isValid: false)
    case 1: return Parameter(text: "٢٠٢٦-١١-٢٥", isValid: false)
    case 2: return Parameter(text: "2026-1-5", isValid: false)
    case 3: return Parameter(text: "2026-11-25T00:00", isValid: false)
    case 4: return Parameter(text: String(repeating: "9", count: 300), isValid: false)
    default:
      // A day-shaped text; the oracle knows the calendar.
      let year = 1899 + Int(random.next() % 203)
      let month = Int(random.next() % 14)
      let day = Int(random.next() % 33)
      let text = "\(year)-\(pad(month))-\(pad(day))"
      return Parameter(
        text: text,
        isValid: (1...12).contains(month) && (1...days(in: month, of: year)).contains(day))
    }
  }

  static func song(_ random: inout SplitMix64) -> Parameter {
    let pieces = ["a", "é", "ソロ", " ", "%", "&", "=", "\u{0}", "'", "\"", "0123456789abcdef"]
    let count = Int(random.next() % 4 == 0 ? random.next() % 260 : random.next() % 20)
    var text = ""
    while text.count < count {
      text += pieces[Int(random.next() % UInt64(pieces.count))]
    }
    return Parameter(text: text, isValid: text.count <= 200)
  }

  static func inARow(_ random: inout SplitMix64) -> Parameter {
    let extremes = ["0", "1", "99", "100", "-1", "9223372036854775808", "3.5", "", "1e2", "٣"]
    if random.next() % 2 == 0 {
      let value = Int(random.next() % 120)
      return Parameter(text: String(value), isValid: (1...99).contains(value))
    }
    let text = extremes[Int(random.next() % UInt64(extremes.count))]
    return Parameter(text: text, isValid: Int(text).map { (1...99).contains($0) } ?? false)
  }

  static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  static func days(in month: Int, of year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  static func encoded(_ text: String) -> String {
    text.utf8.map { String(format: "%%%02X", $0) }.joined()
  }

  @Test func generatedQueriesGetTheirRulesAnswer() async throws {
    let fixture = try await InspectorFixture()
    try await fixture.test { client in
      var random = SplitMix64(seed: 25_11_2026)
      var answered = (accepted: 0, refused: 0)
      for _ in 0..<120 {
        var query: [String] = []
        var isValid = true
        for (name, generate) in [("since", Self.day), ("song", Self.song), ("inARow", Self.inARow)]
        where random.next() % 3 != 0 {
          let parameter = generate(&random)
          query.append("\(name)=\(Self.encoded(parameter.text))")
          isValid = isValid && parameter.isValid
        }
        let uri = "/api/journal?" + query.joined(separator: "&")
        let response = try await client.execute(uri: uri, method: .get, headers: withToken)
        let body = String(buffer: response.body)
        if isValid {
          #expect(response.status == .ok, "\(uri): \(body)")
          #expect(body.hasPrefix("["), "\(uri): \(body)")
          answered.accepted += 1
        } else {
          #expect(response.status == .badRequest, "\(uri): \(response.status)")
          #expect(!body.contains(fixture.directory.path), "\(uri): \(body)")
          answered.refused += 1
        }
      }
      // The generator must reach both outcomes, or the test proves nothing.
      #expect(answered.accepted > 10 && answered.refused > 10, "\(answered)")
      let alive = try await client.execute(uri: "/api/sessions", method: .get)
      #expect(alive.status == .ok)
    }
  }
}
