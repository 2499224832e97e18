import Foundation

/// A song's settings from its last session, brought into a new one when it loaded the song.
extension Reducer {
  /// Sets the markers, speed and pitch `settings` hold, as the last session left them. They come
  /// from outside (another session, a script), so each is checked: markers outside the track or
  /// not finite are dropped (at most ``PracticeRules/restoredMarkerLimit`` are kept), speed and
  /// pitch are put on their grids within their ranges (not finite: left as they are). Restoring
  /// is not an edit (undo does not take it back) and raises no toast: the saved loops' toast
  /// says the song was recognised.
  ///
  /// Each restored marker gets an id derived from the action's id and its index, so replays
  /// recreate them; an id already taken adds nothing.
  static func restoreSongSettings(
    _ settings: SongSettings, _ state: inout State, _ context: ActionContext
  ) -> [Effect] {
    guard let track = state.track else { return [] }
    for (index, timeSec) in settings.markers.prefix(PracticeRules.restoredMarkerLimit).enumerated()
    where timeSec.isFinite && 0 <= timeSec && timeSec <= track.durationSec {
      let id = ActionContext.derivedID(session: context.newID, sequence: Int64(index) + 1)
      guard !state.markers.contains(id: id) else { continue }
      state.markers.append(Marker(id: id, timeSec: timeSec))
    }
    var effects: [Effect] = []
    if settings.speed.isFinite {
      state.transport.speed = PracticeRules.snapSpeed(settings.speed)
      effects.append(.engineSetRate(state.transport.speed))
    }
    if settings.pitchSemitones.isFinite {
      state.transport.pitchSemitones = PracticeRules.snapPitch(settings.pitchSemitones)
      effects.append(.engineSetPitchSemitones(state.transport.pitchSemitones))
    }
    return effects
  }
}
