/// A value before and after an edit.
public struct ValueChange<Value: Sendable & Equatable & Hashable & Codable>: Sendable, Equatable,
  Hashable, Codable
{
  /// The value before the edit (what undo restores).
  public var before: Value
  /// The value after the edit (what redo restores).
  public var after: Value

  /// Creates a change.
  public init(before: Value, after: Value) {
    self.before = before
    self.after = after
  }
}
