import Sharp9Domain

/// The fields undo and redo restore: markers, the loop, speed and pitch.
struct EditedFields: Equatable {
  var markers: [Marker]
  var loop: LoopPoints
  var speed: Double
  var pitchSemitones: Double

  init(_ state: State) {
    markers = state.markers
    loop = state.loop
    speed = state.transport.speed
    pitchSemitones = state.transport.pitchSemitones
  }

  /// A state holding only these fields (the rest at launch values), for diffing.
  var state: State {
    State(
      transport: Transport(speed: speed, pitchSemitones: pitchSemitones), loop: loop,
      markers: markers)
  }
}
