/// One difference between two states: a field path and its value on each side (JSON text), `nil`
/// where the field does not exist (an added or removed marker, or a field only one version has).
public struct FieldChange: Sendable, Equatable, CustomStringConvertible {
  /// The field, e.g. `transport.speed`, `loop.aSec` or `markers[7f3a09c1].timeSec`.
  public var path: String
  /// The value before (or on the left side), as compact JSON.
  public var before: String?
  /// The value after (or on the right side), as compact JSON.
  public var after: String?

  /// Creates a change.
  public init(path: String, before: String?, after: String?) {
    self.path = path
    self.before = before
    self.after = after
  }

  /// `transport.speed: 1 → 0.75`, `markers[7f3a09c1]: (absent) → {…}`.
  public var description: String {
    "\(path): \(before ?? "(absent)") → \(after ?? "(absent)")"
  }
}
