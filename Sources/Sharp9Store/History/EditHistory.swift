import Sharp9Domain

/// A session's undo history as of one event, derived from replay: the undoable edits still on the
/// stacks, which of them are undone, and where the cursor stands.
///
/// It is rebuilt from the states before and after each event (see ``EditHistoryBuilder``), not
/// read from whatever the reducer keeps in `State`, so it stays right if the reducer's undo
/// representation changes, and it can be compared with the reducer's own behaviour.
public struct EditHistory: Sendable, Equatable {
  /// The event the history was taken after.
  public var asOf: Int64
  /// The edits on the undo and redo stacks, oldest first; ``cursor`` of them are applied.
  public var steps: [EditStep]
  /// How many of ``steps`` are applied: the rest (`steps[cursor...]`) are undone and can be
  /// redone, newest undone first.
  public var cursor: Int
  /// Edits that fell off the bottom of the undo stack (beyond the depth bound), or were dropped
  /// from the redo stack by a new edit; they can no longer be undone or redone.
  public var forgotten: Int
  /// The event after which the history last started afresh (a new track was picked), 0 if never.
  public var startedAfter: Int64
  /// For every undo and redo event so far: which edit it undid or redid (by ``EditStep/seq``), or
  /// `nil` when there was nothing to undo or redo.
  public var revisionTargets: [Int64: Int64?]

  /// The step the next undo would undo.
  public var nextUndo: EditStep? { cursor > 0 ? steps[cursor - 1] : nil }
  /// The step the next redo would redo.
  public var nextRedo: EditStep? { cursor < steps.count ? steps[cursor] : nil }
}
