/// What an edit may change, captured before the action runs, so recording the edit never copies
/// or scans the marker list (replays fold millions of events; sessions may hold many markers).
///
/// Relies on two reducer rules: a marker edit appends at most one marker (at the end), or removes
/// the one marker `deleteMarker` names, which is located here before it goes.
struct EditBaseline {
  let loop: LoopPoints
  let speed: Double
  let pitch: Double
  let markerCount: Int
  let savedLoops: [SavedLoop]
  let grid: GridEdit
  /// The marker a `deleteMarker` is about to remove, with its index.
  let deletion: MarkerEdit?

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
  }
}
