import Foundation

/// Undo and redo: edits are recorded as small ``EditStep``s; undo and redo replay them backwards
/// and forwards and bring the engine in line.
extension Reducer {
  /// Records the edit `label` that turned `before` into `state`, if it changed anything: pushes
  /// it on the undo stack (forgetting the oldest beyond ``EditHistory/depth``) and clears redo.
  static func recordEdit(_ label: String, from before: State, into state: inout State) {
    var step = EditStep(label: label)
    if before.loop != state.loop { step.loop = ValueChange(before: before.loop, after: state.loop) }
    if before.transport.speed != state.transport.speed {
      step.speed = ValueChange(before: before.transport.speed, after: state.transport.speed)
    }
    if before.transport.pitchSemitones != state.transport.pitchSemitones {
      step.pitch = ValueChange(
        before: before.transport.pitchSemitones, after: state.transport.pitchSemitones)
    }
    if before.markers != state.markers {
      let beforeIDs = Set(before.markers.map(\.id))
      let afterIDs = Set(state.markers.map(\.id))
      step.markersAdded = state.markers.enumerated()
        .filter { !beforeIDs.contains($0.element.id) }
        .map { MarkerEdit(marker: $0.element, index: $0.offset) }
      step.markersRemoved = before.markers.enumerated()
        .filter { !afterIDs.contains($0.element.id) }
        .map { MarkerEdit(marker: $0.element, index: $0.offset) }
    }
    guard !step.isEmpty else { return }
    state.history.undo.append(step)
    if state.history.undo.count > EditHistory.depth {
      state.history.undo.removeFirst(state.history.undo.count - EditHistory.depth)
    }
    state.history.redo = []
  }

  /// Undoes the last edit, or says "Nothing to undo".
  static func undo(_ state: inout State, _ context: ActionContext) -> [Effect] {
    guard let step = state.history.undo.popLast() else {
      showToast("Nothing to undo", in: &state, context)
      return []
    }
    apply(step, backwards: true, to: &state)
    state.history.redo.append(step)
    showToast("Undo " + step.label, in: &state, context)
    return engineEffects(of: step, in: state)
  }

  /// Redoes the last undone edit, or says "Nothing to redo".
  static func redo(_ state: inout State, _ context: ActionContext) -> [Effect] {
    guard let step = state.history.redo.popLast() else {
      showToast("Nothing to redo", in: &state, context)
      return []
    }
    apply(step, backwards: false, to: &state)
    state.history.undo.append(step)
    showToast("Redo " + step.label, in: &state, context)
    return engineEffects(of: step, in: state)
  }

  /// Puts the values of `step` back to before it (`backwards`) or after it.
  private static func apply(_ step: EditStep, backwards: Bool, to state: inout State) {
    func pick<Value>(_ change: ValueChange<Value>) -> Value {
      backwards ? change.before : change.after
    }
    if let loop = step.loop { state.loop = pick(loop) }
    if let speed = step.speed { state.transport.speed = pick(speed) }
    if let pitch = step.pitch { state.transport.pitchSemitones = pick(pitch) }
    let (remove, insert) =
      backwards
      ? (step.markersAdded, step.markersRemoved) : (step.markersRemoved, step.markersAdded)
    let removedIDs = Set(remove.map(\.marker.id))
    state.markers.removeAll { removedIDs.contains($0.id) }
    for edit in insert.sorted(by: { $0.index < $1.index }) {
      state.markers.insert(edit.marker, at: min(edit.index, state.markers.count))
    }
  }

  /// The effects that bring the engine in line with what `step` changed (markers need none).
  private static func engineEffects(of step: EditStep, in state: State) -> [Effect] {
    var effects: [Effect] = []
    if step.loop != nil { effects.append(loopEffect(state)) }
    if step.speed != nil { effects.append(.engineSetRate(state.transport.speed)) }
    if step.pitch != nil {
      effects.append(.engineSetPitchSemitones(state.transport.pitchSemitones))
    }
    return effects
  }
}
