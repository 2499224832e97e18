import Foundation
import Testing

@testable import Sharp9Domain

/// The import's number conversion must give the Double `Double(_:)` gives, bit for bit.
@Suite struct JSONNumberTextTests {
  private func converted(_ text: String) -> Double? {
    Array(text.utf8).withUnsafeBytes { JSONNumberText.value($0[...]) }
  }

  private func expectAgreement(_ text: String) {
    let expected = Double(text)
    #expect(converted(text)?.bitPattern == expected?.bitPattern, "\(text)")
  }

  @Test(arguments: [
    "0", "-0", "0.0", "-0.0", "1", "-1", "30", "12.5", "0.1", "0.3", "4.35", "-0.05",
    "12.533333", "239.96666666666667", "1e22", "1e23", "1e-22", "1e-23", "9007199254740992",
    "9007199254740993", "123456789012345678", "0.000000000000000000000000001",
    "1.7976931348623157e308",
    "5e-324", "2.2250738585072014e-308", "1E5", "1e+5", "100000000000000000000000",
    "0.30000000000000004",
  ]) func edgeValuesAgree(text: String) {
    expectAgreement(text)
  }

  @Test func randomNumbersAgree() {
    var random = SplitMix64(seed: 2026)
    for _ in 0..<20_000 {
      // Shortest forms of random doubles (what encoders write) ...
      let value = Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF)
      expectAgreement(value.description.replacingOccurrences(of: "+", with: ""))
      // ... and decimal texts with up to 17 digits and small exponents (what people write).
      let digits = String(random.next() % 100_000_000_000_000_000)
      let point = Int(random.next() % UInt64(digits.count + 1))
      var text = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
      if text.hasPrefix(".") { text = "0" + text }
      if text.hasSuffix(".") { text += "0" }
      expectAgreement(text)
      expectAgreement("-" + text + "e\(Int(random.next() % 60) - 30)")
    }
  }
}
