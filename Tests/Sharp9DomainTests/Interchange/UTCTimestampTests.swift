import Foundation
import Testing

@testable import Sharp9Domain

@Suite("UTC timestamps written and read by arithmetic")
struct UTCTimestampTests {
  private let styleWithMilliseconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
  private let style = Date.ISO8601FormatStyle()

  @Test("the text equals ISO8601FormatStyle's, on seeded random instants of years 1583–9999")
  func textMatchesTheFormatStyle() throws {
    var random = SplitMix64(seed: 2026)
    // 1583-01-01 and 9999-12-31T23:59:59.999Z, in milliseconds since 1970.
    let range: ClosedRange<Int64> = -12_212_553_600_000...253_402_300_799_999
    let edges: [Int64] = [
      range.lowerBound, range.upperBound, 0, -1, 1, 951_782_400_000, 951_868_799_999,
      4_107_542_399_999, 4_107_542_400_000, -2_203_891_200_001, 1_795_287_606_050,
    ]
    let samples = edges + (0..<20_000).map { _ in Int64.random(in: range, using: &random) }
    for milliseconds in samples {
      let text = try #require(UTCTimestamp.text(milliseconds: milliseconds))
      let seconds = milliseconds.floorDivided(by: 1000)
      let whole = Date(timeIntervalSince1970: Double(seconds)).formatted(style)
      let fraction = String(milliseconds.floorModulo(1000) + 1000).dropFirst()
      #expect(text == whole.dropLast() + "." + fraction + "Z", "\(milliseconds)")
    }
  }

  @Test("years outside 1583–9999 are left to the format style")
  func otherYearsAreNotWritten() {
    #expect(UTCTimestamp.text(milliseconds: -12_212_553_600_001) == nil)
    #expect(UTCTimestamp.text(milliseconds: 253_402_300_800_000) == nil)
  }

  @Test("parsing gives the format style's Date, bit for bit, with and without milliseconds")
  func parsingMatchesTheFormatStyle() throws {
    var random = SplitMix64(seed: 7)
    for _ in 0..<5_000 {
      let milliseconds = Int64.random(in: -12_212_553_600_000...253_402_300_799_999, using: &random)
      let text = try #require(UTCTimestamp.text(milliseconds: milliseconds))
      let parsed = try #require(UTCTimestamp.milliseconds(parsing: text))
      #expect(parsed == milliseconds)
      let viaStyle = try styleWithMilliseconds.parse(text)
      #expect(Interchange.parseDate(text) == viaStyle, "\(text)")
      let wholeText = String(text.prefix(19)) + "Z"
      #expect(Interchange.parseDate(wholeText) == (try style.parse(wholeText)), "\(wholeText)")
    }
  }

  @Test(
    "anything but the two exact shapes is not parsed here",
    arguments: [
      "2026-11-21T19:00:00.25Z", "2026-11-21T19:00:00+01:00", "2026-02-29T00:00:00Z",
      "2026-13-01T00:00:00Z", "2026-11-31T00:00:00Z", "2026-11-21T24:00:00Z",
      "2026-11-21T19:60:00Z", "2026-11-21T19:00:60Z", "2026-11-21 19:00:00Z",
      "2026-11-21T19:00:00.2a0Z", "1582-12-31T00:00:00Z", "2026-11-21T19:00:00.250",
      "", "2026-11-21T19:00:00Z ",
    ])
  func otherShapesAreRefused(text: String) {
    #expect(UTCTimestamp.milliseconds(parsing: text) == nil)
  }

  @Test("leap days exist exactly in leap years")
  func leapDays() {
    #expect(UTCTimestamp.milliseconds(parsing: "2000-02-29T00:00:00Z") == 951_782_400_000)
    #expect(UTCTimestamp.milliseconds(parsing: "2024-02-29T12:00:00.500Z") != nil)
    #expect(UTCTimestamp.milliseconds(parsing: "1900-02-29T00:00:00Z") == nil)
  }
}
