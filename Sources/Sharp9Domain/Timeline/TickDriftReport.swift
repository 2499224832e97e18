/// Recorded `tick` positions (what the live engine reported) against the timeline model: the
/// largest difference and where it happened. This is how "the loop jumped late" gets checked.
public struct TickDriftReport: Sendable, Equatable, Encodable {
  /// The tick that differed most from the model.
  public struct Worst: Sendable, Equatable, Encodable {
    /// The tick's sequence number.
    public var sequence: Int64
    /// The tick's time, seconds since the session started.
    public var t: Double
    /// The position the engine reported.
    public var recordedSec: Double
    /// The position the model gives at `t`.
    public var modelSec: Double
    /// `recordedSec - modelSec`.
    public var driftSec: Double { recordedSec - modelSec }

    private enum Field: String, CodingKey { case sequence, t, recordedSec, modelSec, driftSec }

    /// Encodes the stored fields and `driftSec`.
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: Field.self)
      try c.encode(sequence, forKey: .sequence)
      try c.encode(t, forKey: .t)
      try c.encode(recordedSec, forKey: .recordedSec)
      try c.encode(modelSec, forKey: .modelSec)
      try c.encode(driftSec, forKey: .driftSec)
    }
  }

  private enum Field: String, CodingKey { case tickCount, meanAbsoluteDriftSec, worst }

  /// `{"tickCount":…,"meanAbsoluteDriftSec":…,"worst":{…} or null}`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Field.self)
    try c.encode(tickCount, forKey: .tickCount)
    try c.encode(meanAbsoluteDriftSec, forKey: .meanAbsoluteDriftSec)
    try c.encode(worst, forKey: .worst)
  }

  /// How many ticks were compared.
  public private(set) var tickCount = 0
  /// The mean absolute difference, in seconds (0 without ticks).
  public var meanAbsoluteDriftSec: Double {
    tickCount == 0 ? 0 : absoluteDriftSum / Double(tickCount)
  }
  /// The tick that differed most, if any.
  public private(set) var worst: Worst?
  private var absoluteDriftSum = 0.0

  /// Creates an empty report.
  public init() {}

  /// Compares one tick with the model.
  public mutating func record(sequence: Int64, t: Double, recordedSec: Double, modelSec: Double) {
    let candidate = Worst(sequence: sequence, t: t, recordedSec: recordedSec, modelSec: modelSec)
    tickCount += 1
    absoluteDriftSum += abs(candidate.driftSec)
    if worst.map({ abs(candidate.driftSec) > abs($0.driftSec) }) ?? true {
      worst = candidate
    }
  }
}
