import Sharp9Domain

/// Repeatable pseudo-random test signals from the domain's one `SplitMix64`, shared by every
/// suite of this test target (I/O, peaks, stretch).
extension SplitMix64 {
  /// Uniform in −1…1.
  mutating func nextSigned() -> Float { Float(Double(next() >> 11) / Double(1 << 52) - 1) }
}
