import Foundation

/// A session's undo history as of one event, derived from replay: the undoable edits still on the
/// stacks, which of them are undone, and where the cursor stands.
///
/// It is rebuilt from the states before and after each event (see ``EditTimelineBuilder``), not
/// read from whatever the reducer keeps in `State`, so it stays right if the reducer's undo
/// representation changes, and it can be compared with the reducer's own behaviour.
public struct EditTimeline: Sendable, Equatable {
  /// The event the history was taken after.
  public var asOf: Int64
  /// The edits on the undo and redo stacks, oldest first; ``cursor`` of them are applied.
  public var steps: [TimelineEdit]
  /// How many of ``steps`` are applied: the rest (`steps[cursor...]`) are undone and can be
  /// redone, newest undone first.
  public var cursor: Int
  /// Edits that fell off the bottom of the undo stack (beyond the depth bound), or were dropped
  /// from the redo stack by a new edit; they can no longer be undone or redone.
  public var forgotten: Int
  /// The event that last started the history afresh by loading a track after edits were made
  /// (0 if none did): the earlier edits cannot be undone any more.
  public var startedAfter: Int64
  /// Every undo and redo event so far, in order, with the edit it undid or redid.
  public var revisionEvents: [RevisionEvent]

  /// An undo or redo event and its effect.
  public struct RevisionEvent: Sendable, Equatable {
    /// The undo or redo event.
    public var seq: Int64
    /// True for an undo, false for a redo.
    public var isUndo: Bool
    /// The event of the edit it undid or redid (``TimelineEdit/seq``); `nil` when there was nothing
    /// to undo or redo.
    public var target: Int64?
  }

  /// The edits undone as of ``asOf`` (by the event of the edit → the undo that undid it),
  /// including undone edits a later edit dropped from the redo stack: what `sharp9 log` marks.
  public var undoneEdits: [Int64: Int64] {
    var undone: [Int64: Int64] = [:]
    for event in revisionEvents {
      guard let target = event.target else { continue }
      undone[target] = event.isUndo ? event.seq : nil
    }
    return undone
  }

  /// The step the next undo would undo.
  public var nextUndo: TimelineEdit? { cursor > 0 ? steps[cursor - 1] : nil }
  /// The step the next redo would redo.
  public var nextRedo: TimelineEdit? { cursor < steps.count ? steps[cursor] : nil }
}
