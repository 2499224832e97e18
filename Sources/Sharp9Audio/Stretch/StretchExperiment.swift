import Foundation

// TEMPORARY tuning overrides (not to be committed).
enum StretchExperiment {
  static let env = ProcessInfo.processInfo.environment
  static func double(_ name: String, _ fallback: Double) -> Double {
    env[name].flatMap(Double.init) ?? fallback
  }
  static let crossoverHz = double("S9_XOVER", 1000)
  static let transitionHz = double("S9_XWIDTH", 400)
  static let highSizeDivisor = Int(double("S9_HIGHDIV", 2))
  static let lowOnsets = double("S9_LOWONSET", 0) != 0
  static let highOnsets = double("S9_HIGHONSET", 1) != 0
  static let partialReset = double("S9_PARTIAL", 1) != 0
  static let follow = double("S9_FOLLOW", 1) != 0
  static let followWeight = Float(double("S9_FOLLOWW", 2))
}
