import Foundation

/// Sections: markers with a name, where a part of the song starts. Naming is an edit (undoable);
/// looping a section sets A–B from it to the next section; the song's sections come back from its
/// stream when it loads. Every refusal changes nothing and says why in a toast.
extension Reducer {
  /// Names the section starting at `timeSec` (clamped to the track): the marker standing exactly
  /// there gets the name, or a named marker is added there with the context's id.
  static func nameSection(
    at timeSec: Double, _ name: String, _ state: inout State, _ context: ActionContext
  ) -> [Effect] {
    guard let time = state.clampedTime(timeSec) else { return [] }
    guard let name = allowedName(name, of: "section", &state, context) else { return [] }
    if let index = state.markers.firstIndex(where: { $0.timeSec == time }) {
      guard state.markers[index].name != name else { return [] }
      if state.markers[index].name == nil, !roomForSection(&state, context) { return [] }
      state.markers[index].name = name
    } else {
      guard !state.markers.contains(id: context.newID), roomForSection(&state, context) else {
        return []
      }
      state.markers.append(Marker(id: context.newID, timeSec: time, name: name))
    }
    showToast("Section \(name)", in: &state, context)
    return []
  }

  /// Loops section `number` (1-based, in time order): A at its start, B at the next section's
  /// start or the end of the track, switched on.
  static func loopSection(_ number: Int, _ state: inout State, _ context: ActionContext)
    -> [Effect]
  {
    guard let track = state.track else { return [] }
    let sections = state.sections
    guard number >= 1, number <= sections.count else {
      showToast("No section \(number)", in: &state, context)
      return []
    }
    let section = sections[number - 1]
    let end = sections.dropFirst(number).first { $0.timeSec > section.timeSec }?.timeSec
    let b = end ?? track.durationSec
    guard section.timeSec < b else {
      showToast("Section \(section.name) is at the end", in: &state, context)
      return []
    }
    state.loop = LoopPoints(aSec: section.timeSec, bSec: b, enabled: true)
    showToast("Looping \(section.name)", in: &state, context)
    return [loopEffect(state)]
  }

  /// The song's sections from earlier sessions, brought in as the song loads. They come from
  /// outside, so only sections within the track with an allowed name are kept (the first at any
  /// one time), up to the limit. The list is the song's: a marker standing at a section's time
  /// gets its name, other named markers lose theirs (they stay as markers), and the rest are added
  /// with ids derived from the context's. Not an edit; shows no toast (the names are on screen).
  static func restoreSections(
    _ sections: [SongSection], _ state: inout State, _ context: ActionContext
  ) -> [Effect] {
    guard let track = state.track else { return [] }
    var kept: [SongSection] = []
    var names: [Double: String] = [:]
    for section in sections where kept.count < PracticeRules.sectionLimit {
      let name = section.name.trimmingCharacters(in: .whitespacesAndNewlines)
      guard PracticeRules.loopNameLength.contains(name.count), name == section.name,
        section.timeSec.isFinite, 0 <= section.timeSec, section.timeSec <= track.durationSec,
        names[section.timeSec] == nil
      else { continue }
      names[section.timeSec] = name
      kept.append(section)
    }
    var placed = Set<Double>()
    for index in state.markers.indices {
      let marker = state.markers[index]
      let name = placed.contains(marker.timeSec) ? nil : names[marker.timeSec]
      if name != nil { placed.insert(marker.timeSec) }
      if marker.name != name { state.markers[index].name = name }
    }
    for (offset, section) in kept.enumerated() where !placed.contains(section.timeSec) {
      let id = ActionContext.derivedID(session: context.newID, sequence: Int64(offset) + 1)
      guard !state.markers.contains(id: id) else { continue }
      state.markers.append(Marker(id: id, timeSec: section.timeSec, name: section.name))
    }
    return []
  }

  /// Whether another section may be named, else nil with a toast that says the limit.
  private static func roomForSection(_ state: inout State, _ context: ActionContext) -> Bool {
    guard state.markers.count(where: { $0.name != nil }) < PracticeRules.sectionLimit else {
      showToast("At most \(PracticeRules.sectionLimit) sections", in: &state, context)
      return false
    }
    return true
  }
}
