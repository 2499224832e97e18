/// A tiny seeded random number generator (Steele, Lea and Flood's SplitMix64): the same seed gives
/// the same numbers on every run and machine, which is what a reproducible fuzz run needs.
///
/// Not for cryptography. `SystemRandomNumberGenerator` must never be used where a run has to
/// repeat; every random choice in the fuzzer goes through one of these.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let roll = Int.random(in: 1...6, using: &random)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable, Hashable {
  /// The generator's whole state: advanced by the golden-ratio increment on every draw.
  public private(set) var state: UInt64

  /// Creates a generator; equal seeds give equal sequences.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
