import Foundation

/// Recording the musician: arming, the takes the engine keeps, deleting them (listening back
/// to them is in `Reducer+Listening.swift`).
///
/// None of these is an undoable edit: a take is audio on disk, and deleting one is its own event
/// (the audio goes from the library only when no session refers to it). Recording is about the
/// track, so with no track loaded these actions do nothing.
extension Reducer {
  static func setRecordingArmed(_ armed: Bool, _ state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard state.track != nil, armed != state.recording.isArmed else { return [] }
    state.recording.isArmed = armed
    showToast(armed ? "Recording armed" : "Recording stopped", in: &state, context)
    return []
  }

  /// Keeps the reported take under the action's id; a report that is not a take changes nothing
  /// but the toast saying why.
  static func takeRecorded(
    _ recording: TakeRecording, _ state: inout State, _ context: ActionContext
  ) -> [Effect] {
    guard state.track != nil else { return [] }
    if let problem = recording.problem {
      showToast("Take not kept: \(problem)", in: &state, context)
      return []
    }
    state.recording.takes.append(Take(id: context.newID, recording: recording))
    let count = state.recording.takes.count
    let dropouts = recording.dropouts
    showToast(
      dropouts == 0
        ? "Take \(count) kept"
        : "Take \(count) kept, after \(dropouts) device dropout\(dropouts == 1 ? "" : "s"):"
          + " it may be out of time",
      in: &state, context)
    return []
  }

  static func deleteTake(_ id: UUID, _ state: inout State, _ context: ActionContext) -> [Effect] {
    guard state.track != nil else { return [] }
    guard let index = state.recording.takes.firstIndex(where: { $0.id == id }) else {
      showToast("No take with that id", in: &state, context)
      return []
    }
    state.recording.takes.remove(at: index)
    showToast("Take deleted", in: &state, context)
    guard state.recording.listening.takeID == id else { return [] }
    // The take being heard is gone: the one after it goes on (the one before when it was the
    // last, the song alone when none is left), so deleting the bad passes one by one is a run.
    let takes = state.recording.takes
    let next = takes.isEmpty ? nil : takes[min(index, takes.count - 1)]
    state.recording.listening.takeID = next?.id
    return [takeMixEffect(state)]
  }
}
