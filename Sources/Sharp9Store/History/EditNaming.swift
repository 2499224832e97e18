import Sharp9Domain

/// Short names of undoable edits, in the words of the undo toasts ("Undo Set A").
enum EditNaming {
  /// The name of the edit `action` made from `before`.
  static func name(of action: Action, before: State) -> String {
    switch action {
    case .setA: "Set A"
    case .setB: "Set B"
    case .tapWaveform:
      switch before.mode {
      case .setA: "Set A"
      case .setB: "Set B"
      case .marker: "Add marker"
      case .loop: "Seek"
      }
    case .abCycle:
      before.loop.aSec == nil ? "Set A" : before.loop.bSec == nil ? "Set B" : "Clear loop"
    case .toggleLoopEnabled(let enabled): enabled ? "Loop on" : "Loop off"
    case .speedDelta, .cycleSpeed: "Speed"
    case .pitchDelta: "Pitch"
    case .addMarker, .markNow: "Add marker"
    case .deleteMarker: "Delete marker"
    default: action.kind.rawValue
    }
  }
}
