import Foundation

/// Saved loops: the current A–B kept under a name, recalled, renamed and deleted by number.
/// Every refusal changes nothing and says why in a toast.
extension Reducer {
  /// Saves A–B under `name` (trimmed): a loop of that name gets the new points; otherwise it is
  /// added at the end, while fewer than ``PracticeRules/savedLoopLimit`` are saved.
  static func saveLoop(named name: String, _ state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard state.hasTrack else { return [] }
    guard let a = state.loop.aSec, let b = state.loop.bSec, a < b else {
      showToast("Set A and B", in: &state, context)
      return []
    }
    guard let name = allowedName(name, of: "loop", &state, context) else { return [] }
    let saved = SavedLoop(name: name, aSec: a, bSec: b)
    if let index = state.savedLoops.firstIndex(where: { $0.name == name }) {
      state.savedLoops[index] = saved
    } else {
      guard state.savedLoops.count < PracticeRules.savedLoopLimit else {
        showToast("At most \(PracticeRules.savedLoopLimit) saved loops", in: &state, context)
        return []
      }
      state.savedLoops.append(saved)
    }
    showToast("Saved \(name)", in: &state, context)
    return []
  }

  /// Makes saved loop `number` the loop, switched on, and says its name.
  static func recallLoop(_ number: Int, _ state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard state.hasTrack, let saved = savedLoop(number, &state, context) else { return [] }
    state.loop = LoopPoints(aSec: saved.aSec, bSec: saved.bSec, enabled: true)
    showToast("Recalled \(saved.name)", in: &state, context)
    return [loopEffect(state)]
  }

  /// Renames saved loop `number`; a name another saved loop has is refused.
  static func renameSavedLoop(
    _ number: Int, to name: String, _ state: inout State, _ context: ActionContext
  ) -> [Effect] {
    guard state.hasTrack, savedLoop(number, &state, context) != nil,
      let name = allowedName(name, of: "loop", &state, context)
    else { return [] }
    let index = number - 1
    if state.savedLoops.indices.contains(where: { $0 != index && state.savedLoops[$0].name == name }
    ) {
      showToast("A loop is already named \(name)", in: &state, context)
      return []
    }
    state.savedLoops[index].name = name
    return []
  }

  /// Deletes saved loop `number` (the loop being played is left as it is).
  static func deleteSavedLoop(_ number: Int, _ state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard state.hasTrack, let saved = savedLoop(number, &state, context) else { return [] }
    state.savedLoops.remove(at: number - 1)
    showToast("Deleted \(saved.name)", in: &state, context)
    return []
  }

  /// The song's saved loops from earlier sessions, brought in as the song loads: they come from
  /// outside (another session, an import), so only loops that are loops of this track with an
  /// allowed, not yet taken name are kept, up to the limit. Replaces the list; not an edit.
  static func restoreSavedLoops(
    _ loops: [SavedLoop], _ state: inout State, _ context: ActionContext
  ) -> [Effect] {
    guard let track = state.track else { return [] }
    var kept: [SavedLoop] = []
    for loop in loops where kept.count < PracticeRules.savedLoopLimit {
      let name = loop.name.trimmingCharacters(in: .whitespacesAndNewlines)
      guard PracticeRules.loopNameLength.contains(name.count), name == loop.name,
        0 <= loop.aSec, loop.aSec < loop.bSec, loop.bSec <= track.durationSec,
        !kept.contains(where: { $0.name == name })
      else { continue }
      kept.append(loop)
    }
    state.savedLoops = kept
    if !kept.isEmpty {
      showToast(kept.count == 1 ? "1 saved loop" : "\(kept.count) saved loops", in: &state, context)
    }
    return []
  }

  /// Saved loop `number` (1-based), or nil with the toast "No saved loop N".
  private static func savedLoop(_ number: Int, _ state: inout State, _ context: ActionContext)
    -> SavedLoop?
  {
    guard number >= 1, number <= state.savedLoops.count else {
      showToast("No saved loop \(number)", in: &state, context)
      return nil
    }
    return state.savedLoops[number - 1]
  }

  /// `name` without surrounding spaces when its length is allowed, else nil with a toast that
  /// says the rule for `thing` ("loop", "section"): saved loops and sections share the rule.
  static func allowedName(
    _ name: String, of thing: String, _ state: inout State, _ context: ActionContext
  ) -> String? {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    let lengths = PracticeRules.loopNameLength
    guard lengths.contains(trimmed.count) else {
      showToast(
        "Name the \(thing) in \(lengths.lowerBound) to \(lengths.upperBound) characters",
        in: &state, context)
      return nil
    }
    return trimmed
  }
}
