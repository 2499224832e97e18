import Foundation

/// One undoable edit in a session's history: the event that made it, what it changed, and whether
/// it is undone as of the point the history was taken at.
public struct TimelineEdit: Sendable, Equatable {
  /// 1-based count of the edit since the history started (forgotten edits keep their numbers).
  public var number: Int
  /// The event that made the edit.
  public var seq: Int64
  /// Its time, seconds since the session started.
  public var t: Double
  /// The action.
  public var action: Action
  /// A short name of the edit, as undo toasts say it (`Set A`, `Speed Change`, `Add Marker`; see ``Action/editLabel(in:)``).
  public var name: String
  /// The edited fields, before → after.
  public var changes: [FieldChange]
  /// The events that undid and redid this edit, in order.
  public var revisions: [Revision]

  /// An undo or redo of an edit.
  public struct Revision: Sendable, Equatable {
    /// The undo or redo event.
    public var seq: Int64
    /// True for an undo, false for a redo.
    public var isUndo: Bool
  }

  /// Whether the edit is undone at the point the history was taken (its last revision is an
  /// undo).
  public var isUndone: Bool { revisions.last?.isUndo ?? false }
}
