import Sharp9Domain

/// Builds an ``EditHistory`` from a replay, one event at a time, from the state before and after
/// each action.
///
/// - An undoable edit is a user action that changed the edited fields (markers, loop points and
///   switch, speed, pitch): it is pushed on the undo stack, clears the redo stack, and the oldest
///   edit beyond the depth bound is forgotten.
/// - An `undo` that changed the edited fields undid the newest applied edit; a `redo` re-applied
///   the newest undone one. One that changed nothing had nothing to undo or redo.
/// - Picking a new track starts the history afresh (its markers and loop belong to the old track).
public struct EditHistoryBuilder {
  /// The history so far.
  public private(set) var history: EditHistory
  private let depth: Int
  private let describesChanges: Bool
  private var editsSinceStart = 0

  /// Starts an empty history keeping at most `depth` edits. Without `describesChanges` the steps'
  /// ``EditStep/changes`` stay empty (for callers that only need the undo/redo structure, such as
  /// `sharp9 log`'s marks, this saves a JSON diff per edit).
  public init(depth: Int = 100, describesChanges: Bool = true) {
    self.depth = depth
    self.describesChanges = describesChanges
    history = EditHistory(
      asOf: 0, steps: [], cursor: 0, forgotten: 0, startedAfter: 0, revisionEvents: [])
  }

  /// Takes in event `seq` at `t`, which turned `before` into `after`.
  public mutating func apply(
    seq: Int64, t: Double, action: Action, before: State, after: State
  ) throws {
    history.asOf = seq
    let changed = EditedFields(before) != EditedFields(after)
    switch action.kind.rawValue {
    case "undo": revise(seq: seq, isUndo: true, changed: changed)
    case "redo": revise(seq: seq, isUndo: false, changed: changed)
    default:
      if case .importPicked = action {
        // Only a pick that drops edits is news; the usual first pick is not.
        if editsSinceStart > 0 { history.startedAfter = seq }
        history.forgotten += history.steps.count
        history.steps = []
        history.cursor = 0
        editsSinceStart = 0
        return
      }
      guard changed, action.isUserAction else { return }
      try push(seq: seq, t: t, action: action, before: before, after: after)
    }
  }

  private mutating func push(
    seq: Int64, t: Double, action: Action, before: State, after: State
  ) throws {
    history.forgotten += history.steps.count - history.cursor
    history.steps.removeLast(history.steps.count - history.cursor)
    let changes =
      describesChanges ? try EditedFields(after).changes(from: EditedFields(before)) : []
    editsSinceStart += 1
    history.steps.append(
      EditStep(
        number: editsSinceStart, seq: seq, t: t, action: action,
        name: EditNaming.name(of: action, before: before),
        changes: changes, revisions: []))
    if history.steps.count > depth {
      history.steps.removeFirst(history.steps.count - depth)
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
    history.steps[index].revisions.append(EditStep.Revision(seq: seq, isUndo: isUndo))
    history.cursor += isUndo ? -1 : 1
    history.revisionEvents.append(
      .init(seq: seq, isUndo: isUndo, target: history.steps[index].seq))
  }
}
