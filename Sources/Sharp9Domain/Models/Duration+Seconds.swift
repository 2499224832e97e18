extension Duration {
  /// The duration in seconds, as a `Double` (to the attosecond's nearest double).
  public var inSeconds: Double {
    Double(components.seconds) + Double(components.attoseconds) * 1e-18
  }
}
