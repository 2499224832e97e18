import Foundation

/// Undo and redo: edits are recorded as small ``EditStep``s; undo and redo replay them backwards
/// and forwards and bring the engine in line.
extension Reducer {
  /// Records the edit `label` that changed `before` into `state`, if it changed anything: pushes
  /// it on the undo stack (forgetting the oldest beyond ``PracticeRules/undoDepth``) and clears redo.
  static func recordEdit(_ label: String, from before: EditBaseline, into state: inout State) {
    var step = EditStep(label: label)
    if before.loop != state.loop { step.loop = ValueChange(before: before.loop, after: state.loop) }
    if before.speed != state.transport.speed {
      step.speed = ValueChange(before: before.speed, after: state.transport.speed)
    }
    if before.pitch != state.transport.pitchSemitones {
      step.pitch = ValueChange(before: before.pitch, after: state.transport.pitchSemitones)
    }
    // Marker edits append one marker or remove the one the baseline located (see EditBaseline).
    if state.markers.count == before.markerCount + 1, let added = state.markers.last {
      step.markersAdded = [MarkerEdit(marker: added, index: before.markerCount)]
    } else if state.markers.count == before.markerCount - 1, let removed = before.deletion {
      step.markersRemoved = [removed]
    } else if let renamed = before.renaming, state.markers[renamed.index] != renamed.marker {
      // A rename is the old marker removed and the new one put in its place.
      step.markersRemoved = [renamed]
      step.markersAdded = [MarkerEdit(marker: state.markers[renamed.index], index: renamed.index)]
    }
    if before.savedLoops != state.savedLoops {
      step.savedLoops = ValueChange(before: before.savedLoops, after: state.savedLoops)
    }
    if before.grid != state.rhythm.edit {
      step.grid = ValueChange(before: before.grid, after: state.rhythm.edit)
    }
    guard !step.isEmpty else { return }
    state.history.undo.append(step)
    if state.history.undo.count > PracticeRules.undoDepth {
      state.history.undo.removeFirst(state.history.undo.count - PracticeRules.undoDepth)
    }
    state.history.redo = []
  }

  /// Undoes the last edit, or says "Nothing to undo".
  static func undo(_ state: inout State, _ context: ActionContext) -> [Effect] {
    replay(from: \.undo, to: \.redo, backwards: true, verb: "undo", &state, context)
  }

  /// Redoes the last undone edit, or says "Nothing to redo".
  static func redo(_ state: inout State, _ context: ActionContext) -> [Effect] {
    replay(from: \.redo, to: \.undo, backwards: false, verb: "redo", &state, context)
  }

  /// Moves the top step of one stack to the other, applying it backwards (undo) or forwards
  /// (redo), with the toast "Undo Set A" or "Nothing to undo".
  private static func replay(
    from source: WritableKeyPath<EditHistory, [EditStep]>,
    to target: WritableKeyPath<EditHistory, [EditStep]>, backwards: Bool, verb: String,
    _ state: inout State, _ context: ActionContext
  ) -> [Effect] {
    let title = verb.prefix(1).uppercased() + verb.dropFirst()
    guard let step = state.history[keyPath: source].popLast() else {
      showToast("Nothing to \(verb)", in: &state, context)
      return []
    }
    apply(step, backwards: backwards, to: &state)
    state.history[keyPath: target].append(step)
    showToast(title + " " + step.label, in: &state, context)
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
    if let savedLoops = step.savedLoops { state.savedLoops = pick(savedLoops) }
    if let grid = step.grid { state.rhythm.edit = pick(grid) }
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
    if step.grid != nil { effects += gridEffects(state) }
    return effects
  }
}
