/// The beat grid of a recording: its tempo, the time of every beat, and which beats start a bar.
///
/// What ``BeatTracker`` finds: times are seconds from the start of the file, in order; every
/// downbeat is also a beat (4/4 is assumed, so every fourth beat from the first downbeat). A
/// recording without a detectable beat (silence, a held tone, noise) has no tempo and no beats.
///
/// ```swift
/// let grid = try await BeatTracker().beatGrid(url: song)
/// if let tempo = grid.tempo { print("\(tempo) BPM, \(grid.beats.count) beats") }
/// ```
///
/// Encodes as `{"tempo": BPM or null, "beats": [...], "downbeats": [...]}`.
public struct BeatGrid: Sendable, Equatable, Hashable, Codable {
  /// Beats per minute: 60 over the median interval between beats (each measured across a bar);
  /// `nil` when no beat was found.
  public var tempo: Double?
  /// Beat times in seconds, ascending.
  public var beats: [Double]
  /// Bar starts in seconds: a subset of ``beats``.
  public var downbeats: [Double]

  /// The grid of a recording with no detectable beat.
  public static let none = BeatGrid(tempo: nil, beats: [], downbeats: [])

  /// Creates a grid; `downbeats` should be a subset of `beats`.
  public init(tempo: Double?, beats: [Double], downbeats: [Double]) {
    self.tempo = tempo
    self.beats = beats
    self.downbeats = downbeats
  }

  private enum CodingKeys: String, CodingKey {
    case tempo, beats, downbeats
  }

  /// Decodes the JSON form; a missing or `null` tempo means no beat.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    tempo = try container.decodeIfPresent(Double.self, forKey: .tempo)
    beats = try container.decode([Double].self, forKey: .beats)
    downbeats = try container.decode([Double].self, forKey: .downbeats)
  }

  /// Encodes `tempo`, `beats`, `downbeats` in that order, with `"tempo": null` when there is no
  /// beat.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(tempo, forKey: .tempo)
    try container.encode(beats, forKey: .beats)
    try container.encode(downbeats, forKey: .downbeats)
  }
}
