import Foundation

/// The fields undo and redo restore: markers, the loop, speed and pitch.
struct EditedFields: Equatable {
  var markers: MarkerList
  var loop: LoopPoints
  var speed: Double
  var pitchSemitones: Double

  init(_ state: State) {
    markers = state.markers
    loop = state.loop
    speed = state.transport.speed
    pitchSemitones = state.transport.pitchSemitones
  }

  /// What changed from `before` to these fields, in path order: loop and transport fields as
  /// ``StateDiff`` names them, and the markers as the list of their times
  /// (`markers: [3] → [3,12.5]`), which a musician reads more easily than marker ids.
  func changes(from before: EditedFields) throws -> [FieldChange] {
    var changes = try StateDiff.changes(from: before.unmarkedState, to: unmarkedState)
    if before.markers != markers {
      changes.append(
        FieldChange(path: "markers", before: before.markerTimes, after: markerTimes))
    }
    return changes.sorted { $0.path < $1.path }
  }

  /// A state holding the loop, speed and pitch (the rest at launch values), for diffing.
  private var unmarkedState: State {
    State(transport: Transport(speed: speed, pitchSemitones: pitchSemitones), loop: loop)
  }

  private var markerTimes: String {
    JSONValue.array(markers.map { .number($0.timeSec) }).text
  }
}
