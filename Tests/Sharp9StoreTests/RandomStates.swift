import Foundation
import Sharp9Domain

/// States for codec tests: every state along seeded random sessions (undo and redo mixed in, so
/// histories fill up and redo stacks appear), and one hand-built state with unusual values in
/// every field.
enum RandomStates {
  /// The state after each of `count` random actions (undo and redo among them, so histories
  /// fill up and redo stacks appear).
  static func states(count: Int, seed: UInt64) -> [State] {
    let session = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, UInt8(seed)))
    return RandomSession.states(count: count, seed: seed, session: session)
  }

  /// Every optional present, numbers that print unusually (negative zero, exponents, integral
  /// values, sub-millisecond dates), with `label` and `name` as the texts.
  static func edgeValues(label: String, name: String) -> State {
    let id = UUID(uuid: (0xAB, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0xFE))
    let marker = Marker(id: id, timeSec: 1e-7)
    let loop = LoopPoints(aSec: -0.0, bSec: 1e20, enabled: true)
    let step = EditStep(
      label: label, loop: ValueChange(before: LoopPoints(), after: loop),
      speed: ValueChange(before: 1, after: 0.75), pitch: ValueChange(before: -12, after: 1e-300),
      markersAdded: [MarkerEdit(marker: marker, index: 3)],
      markersRemoved: [MarkerEdit(marker: marker, index: 0)])
    return State(
      track: TrackMeta(name: name, durationSec: 123_456_789.5),
      transport: Transport(
        isPlaying: true, currentTimeSec: 0.1 + 0.2, speed: 2, pitchSemitones: -0.01),
      loop: loop, mode: .setB, markers: [marker, Marker(id: id, timeSec: 5e15)],
      viewport: Viewport(startSec: -1.5, endSec: 1.0e16), isLoading: true,
      toast: ToastState(message: label, expiresAt: Date(timeIntervalSince1970: 2.0005)),
      isLocked: true, lastMarkNowAt: Date(timeIntervalSinceReferenceDate: -0.5),
      history: EditHistory(undo: [step, EditStep(label: "Loop On")], redo: [step]))
  }
}
