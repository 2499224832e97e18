import Foundation
import Sharp9Domain
import Testing

/// `sharp9 loops SONG --import FILE` against generated documents, valid and hostile alike: names
/// of every length (and with spaces, control characters and other scripts), times out of the
/// song, reversed, equal, huge or not finite, duplicate names, too many loops, wrong types,
/// truncated text. Each expected outcome comes from the rules, worked out beside the document:
/// a valid one is stored whole; any other is refused with one line (65) and nothing stored.
@Suite struct HostileLoopImportTests {
  /// One generated loop, written as JSON text, and whether the rules accept it alone.
  struct Loop {
    var text: String
    var name: String?
    var isValid: Bool
  }

  static let durationSec = 5.0

  static func name(_ random: inout SplitMix64) -> (json: String, name: String?, valid: Bool) {
    let pick = Int(random.next() % 10)
    switch pick {
    case 0: return ("\"\"", "", false)
    case 1: return ("\" verse\"", " verse", false)
    case 2:
      return ("\"\(String(repeating: "é", count: 100))\"", String(repeating: "é", count: 100), true)
    case 3: return ("\"\(String(repeating: "y", count: 101))\"", nil, false)
    case 4: return ("\"tab\\there\"", "tab\there", true)
    case 5: return ("\"ソロ 5\"", "ソロ 5", true)
    case 6: return ("42", nil, false)
    case 7: return ("null", nil, false)
    default:
      let text = "L\(random.next() % 6)"
      return ("\"\(text)\"", text, true)
    }
  }

  static func time(_ random: inout SplitMix64) -> (json: String, value: Double?) {
    switch random.next() % 12 {
    case 0: return ("-1", -1)
    case 1: return ("5.5", 5.5)
    case 2: return ("1e999", nil)
    case 3: return ("\"1\"", nil)
    case 4: return ("1e308", 1e308)
    case 5: return ("-0", 0)
    case 6: return ("5", 5)
    default:
      let value = Double(random.next() % 500) / 100
      return (JSONText.number(value), value)
    }
  }

  static func loop(_ random: inout SplitMix64) -> Loop {
    // Mostly a loop a musician saved (so whole documents are often valid and each edge case
    // decides the outcome), else a hostile field.
    let simple = "L\(random.next() % 6)"
    let name = random.next() % 10 < 6 ? ("\"\(simple)\"", simple, true) : name(&random)
    var a: (json: String, value: Double?)
    var b: (json: String, value: Double?)
    if random.next() % 4 != 0 {
      let start = Double(random.next() % 400) / 100
      let end = start + Double(1 + random.next() % UInt64((durationSec - start) * 100)) / 100
      a = (JSONText.number(start), start)
      b = (JSONText.number(end), end)
    } else {
      a = time(&random)
      b = time(&random)
    }
    let fields = ["\"name\":\(name.0)", "\"aSec\":\(a.json)", "\"bSec\":\(b.json)"]
    let dropped = random.next() % 15 == 0 ? Int(random.next() % 3) : -1
    let text =
      "{"
      + fields.enumerated().filter { $0.offset != dropped }.map(\.element)
      .joined(separator: ",") + "}"
    var valid = name.2 && dropped < 0
    if let a = a.value, let b = b.value {
      valid = valid && a >= 0 && a < b && b <= durationSec
    } else {
      valid = false
    }
    return Loop(text: text, name: name.1, isValid: valid)
  }

  /// A document and whether it is valid as a whole.
  static func document(_ random: inout SplitMix64) -> (text: String, valid: Bool) {
    let count = random.next() % 8 == 0 ? 101 : Int(random.next() % 5)
    let loops = (0..<count).map { _ in loop(&random) }
    let names = loops.compactMap(\.name)
    var valid =
      loops.allSatisfy(\.isValid) && Set(names).count == names.count && count <= 100
    var text = "{\"loops\":[" + loops.map(\.text).joined(separator: ",") + "]}"
    if random.next() % 10 == 0 {
      text = String(text.prefix(Int(random.next() % UInt64(text.count))))
      valid = false
    }
    return (text, valid)
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func everyGeneratedImportIsStoredWholeOrRefusedWhole(seed: UInt64) async throws {
    let cli = try StoreCLI()
    let song = try LoopsCommandTests.song(cli)
    var random = SplitMix64(seed: seed)
    var accepted = 0
    var refused = 0
    for index in 0..<30 {
      let (text, valid) = Self.document(&random)
      let before = try await cli.run(["loops", song, "--json"]).stdout
      let file = try cli.file("doc\(index).json", text)
      let result = try await cli.run(["loops", song, "--import", file])
      if valid {
        accepted += 1
        #expect(result.status == 0, "\(text): \(result)")
        let export = try await cli.run(["loops", song, "--json"]).stdout
        let stored = try JSONSerialization.jsonObject(with: Data(export.utf8)) as? [String: Any]
        let sent = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(
          (stored?["loops"] as? [[String: Any]])?.count == (sent?["loops"] as? [Any])?.count,
          "\(text)")
      } else {
        refused += 1
        #expect(result.status == 65, "\(text): \(result)")
        #expect(result.stderr.hasPrefix("sharp9: error: cannot import "), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
        #expect(try await cli.run(["loops", song, "--json"]).stdout == before, "\(text)")
      }
    }
    // The generator must make both kinds, or the test proves nothing.
    #expect(accepted >= 3 && refused >= 10, "accepted \(accepted), refused \(refused)")
  }
}
