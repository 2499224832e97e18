/// What an edit may change, captured before the action runs, so recording the edit never copies
/// or scans the marker list (replays fold millions of events; sessions may hold many markers).
///
/// Relies on three reducer rules: a marker edit appends at most one marker (at the end), removes
/// the one marker `deleteMarker` names, or renames the one marker `nameSection` finds at its time;
/// the last two are located here before they change.
struct EditBaseline {
  let loop: LoopPoints
  let speed: Double
  let pitch: Double
  let markerCount: Int
  let savedLoops: [SavedLoop]
  let grid: GridEdit
  /// The marker a `deleteMarker` is about to remove, with its index.
  let deletion: MarkerEdit?
  /// The marker a `nameSection` is about to name, with its index.
  let renaming: MarkerEdit?

  init(_ state: State, action: Action) {
    loop = state.loop
    speed = state.transport.speed
    pitch = state.transport.pitchSemitones
    markerCount = state.markers.count
    savedLoops = state.savedLoops
    grid = state.rhythm.edit
    if case .deleteMarker(let id) = action,
      let index = state.markers.firstIndex(where: { $0.id == id })
    {
      deletion = MarkerEdit(marker: state.markers[index], index: index)
    } else {
      deletion = nil
    }
    if case .nameSection(let timeSec, _) = action, let time = state.clampedTime(timeSec),
      let index = state.markers.firstIndex(where: { $0.timeSec == time })
    {
      renaming = MarkerEdit(marker: state.markers[index], index: index)
    } else {
      renaming = nil
    }
  }
}
