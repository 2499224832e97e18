import Sharp9Domain
import Testing

/// The one spelling of a SHA-256: 64 ASCII digits `0-9a-f`; every near miss is refused.
@Suite struct SHA256HexTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func exactlySixtyFourLowerCaseHexDigits(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let digits = Array("0123456789abcdef")
    for _ in 0..<200 {
      let hash = String((0..<64).map { _ in digits[Int.random(in: 0..<16, using: &random)] })
      #expect(SHA256Hex.isValid(hash))
      var characters = Array(hash)
      let at = Int.random(in: 0..<64, using: &random)
      // One character swapped for a near miss: upper case, fullwidth, another letter, a space.
      let misses: [Character] = ["A", "F", "g", "G", " ", "０", "ａ", "é", "\u{0}", "-"]
      characters[at] = misses[Int.random(in: 0..<misses.count, using: &random)]
      #expect(!SHA256Hex.isValid(String(characters)), "\(String(characters))")
      #expect(!SHA256Hex.isValid(hash.dropLast()))
      #expect(!SHA256Hex.isValid(hash + "0"))
    }
    #expect(!SHA256Hex.isValid(""))
  }
}
