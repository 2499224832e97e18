/// What a tap on the waveform does: drop a marker, set loop point A or B, or seek (`loop`).
public enum Mode: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  case marker
  case setA
  case loop
  case setB
}
