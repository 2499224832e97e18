import Foundation

/// Builds an ``EditTimeline`` from a replay, one event at a time, from the state before and after
/// each action (never from the reducer's own undo stacks, so it can be compared with them).
///
/// - An undoable edit is an action the domain names as an edit (``Action/editLabel(in:)``) that
///   changed the edited fields (markers, loop points and switch, speed, pitch): it is pushed on
///   the undo stack, clears the redo stack, and the oldest edit beyond the depth bound is
///   forgotten.
/// - An `undo` that changed the edited fields undid the newest applied edit; a `redo` re-applied
///   the newest undone one. One that changed nothing had nothing to undo or redo (or was ignored
///   under the lock, and is not counted).
/// - Loading a track (`importPicked`, `importSucceeded`) starts the history afresh: its markers
///   and loop belong to the previous track.
public struct EditTimelineBuilder {
  /// The history so far, without ``TimelineEdit/changes`` (see ``timeline()``).
  public private(set) var history: EditTimeline
  private let depth: Int
  private var editsSinceStart = 0
  /// The edited fields before and after each step of ``history``, kept parallel to its steps so
  /// the changes are described only for the at most `depth` steps that survive (a long session
  /// makes thousands of edits; describing each would cost a JSON diff apiece).
  private var fields: [(before: EditedFields, after: EditedFields)] = []

  /// Starts an empty history keeping at most `depth` edits.
  public init(depth: Int = PracticeRules.undoDepth) {
    self.depth = depth
    history = EditTimeline(
      asOf: 0, steps: [], cursor: 0, forgotten: 0, startedAfter: 0, revisionEvents: [])
  }

  /// The history so far, each step with the fields it changed.
  public func timeline() throws -> EditTimeline {
    var timeline = history
    for index in timeline.steps.indices {
      timeline.steps[index].changes = try fields[index].after.changes(from: fields[index].before)
    }
    return timeline
  }

  /// Takes in event `seq` at `t`, which turned `before` into `after`.
  public mutating func apply(seq: Int64, t: Double, action: Action, before: State, after: State) {
    history.asOf = seq
    let changed = EditedFields(before) != EditedFields(after)
    switch action {
    case .undo, .redo:
      // Under the lock undo and redo are ignored: neither an undo nor "nothing to undo".
      guard changed || !before.isLocked else { return }
      revise(seq: seq, isUndo: action == .undo, changed: changed)
    case .importPicked, .importSucceeded:
      // Only a load that drops edits is news; the usual first load is not.
      if editsSinceStart > 0 { history.startedAfter = seq }
      history.forgotten += history.steps.count
      history.steps = []
      fields = []
      history.cursor = 0
      editsSinceStart = 0
    default:
      guard changed, let label = action.editLabel(in: before) else { return }
      push(seq: seq, t: t, action: action, label: label, before: before, after: after)
    }
  }

  private mutating func push(
    seq: Int64, t: Double, action: Action, label: String, before: State, after: State
  ) {
    history.forgotten += history.steps.count - history.cursor
    history.steps.removeLast(history.steps.count - history.cursor)
    fields.removeLast(fields.count - history.cursor)
    editsSinceStart += 1
    history.steps.append(
      TimelineEdit(
        number: editsSinceStart, seq: seq, t: t, action: action, name: label, changes: [],
        revisions: []))
    fields.append((EditedFields(before), EditedFields(after)))
    if history.steps.count > depth {
      history.steps.removeFirst(history.steps.count - depth)
      fields.removeFirst(fields.count - depth)
      history.forgotten += 1
    }
    history.cursor = history.steps.count
  }

  private mutating func revise(seq: Int64, isUndo: Bool, changed: Bool) {
    let index = isUndo ? history.cursor - 1 : history.cursor
    guard changed, history.steps.indices.contains(index) else {
      history.revisionEvents.append(.init(seq: seq, isUndo: isUndo, target: nil))
      return
    }
    history.steps[index].revisions.append(TimelineEdit.Revision(seq: seq, isUndo: isUndo))
    history.cursor += isUndo ? -1 : 1
    history.revisionEvents.append(
      .init(seq: seq, isUndo: isUndo, target: history.steps[index].seq))
  }
}
