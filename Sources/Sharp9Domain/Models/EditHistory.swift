/// The undo and redo stacks of edits (markers, A/B and the loop switch, speed, pitch).
///
/// Transport (play, seeks, ticks), the mode, the lock and toasts are not edits. Loading a track
/// clears the history: its edits belong to the previous track. At most
/// ``PracticeRules/undoDepth`` edits are kept.
public struct EditHistory: Sendable, Equatable, Hashable, Codable {
  /// Edits that can be undone, oldest first.
  public var undo: [EditStep]
  /// Undone edits that can be redone, the next to redo last. A new edit clears it.
  public var redo: [EditStep]

  /// Creates a history; the default is empty.
  public init(undo: [EditStep] = [], redo: [EditStep] = []) {
    self.undo = undo
    self.redo = redo
  }
}
