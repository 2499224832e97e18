import Foundation

/// Markers: placed at a time, at the playhead (the pad's mark button), or deleted.
extension Reducer {
  /// Adds a marker (clamped to the track) with the context's new id. A context whose id is
  /// already taken adds nothing, so marker ids stay unique.
  static func addMarker(at timeSec: Double, into state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard let time = state.clampedTime(timeSec), !state.markers.contains(id: context.newID) else {
      return []
    }
    state.markers.append(Marker(id: context.newID, timeSec: time))
    return []
  }

  /// Removes the marker with `id`; an unknown id is ignored.
  static func deleteMarker(_ id: UUID, from state: inout State) -> [Effect] {
    guard state.hasTrack else { return [] }
    state.markers.removeAll { $0.id == id }
    return []
  }

  /// A marker at the playhead and the toast "Mark added"; ignored within
  /// ``PracticeRules/markNowDebounce`` of the last accepted one (including a clock that went
  /// backwards).
  static func markNow(_ state: inout State, _ context: ActionContext) -> [Effect] {
    guard state.hasTrack, !state.markers.contains(id: context.newID) else { return [] }
    if let last = state.lastMarkNowAt,
      context.now.timeIntervalSince(last) < PracticeRules.markNowDebounce
    {
      return []
    }
    state.markers.append(Marker(id: context.newID, timeSec: state.transport.currentTimeSec))
    state.lastMarkNowAt = context.now
    showToast("Mark added", in: &state, context)
    return []
  }
}
