/// Seeded SplitMix64: repeatable pseudo-random test signals, shared by every suite of this test
/// target (I/O, peaks, stretch).
struct SplitMix64: RandomNumberGenerator {
  /// The generator's whole state; the seed is the initial state.
  var state: UInt64

  init(seed: UInt64) { state = seed }

  init(state: UInt64) { self.state = state }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in −1…1.
  mutating func nextSigned() -> Float { Float(Double(next() >> 11) / Double(1 << 52) - 1) }
}
