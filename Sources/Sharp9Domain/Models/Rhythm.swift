import Foundation

/// The song's beat grid and what the musician does with it: tap tempo, the metronome and the
/// count-in, and snapping A and B to the grid.
///
/// Written to the state's JSON only when it differs from the default, so sessions recorded
/// before the grid existed keep their JSON and checkpoint hashes.
public struct Rhythm: Sendable, Equatable, Hashable, Codable {
  /// The grid the analysis found when the song loaded (`beatGridDetected`); nil before it
  /// reported (``BeatGrid/none`` when it found no beat).
  public var detected: BeatGrid?
  /// The musician's corrections (see ``grid(durationSec:)``): a few numbers, so undo keeps them
  /// cheaply however many beats the song has.
  public var edit: GridEdit
  /// The times of the last tap-tempo taps (at most ``PracticeRules/tapCount``), oldest first.
  public var taps: [Date]
  /// The metronome and count-in settings.
  public var clicks: Clicks
  /// Where A and B land when set: anywhere, on the nearest beat, or on the nearest bar start.
  public var snap: SnapMode

  /// Creates a rhythm; the default has no grid, no taps, no clicks and no snapping.
  public init(
    detected: BeatGrid? = nil, edit: GridEdit = GridEdit(), taps: [Date] = [],
    clicks: Clicks = Clicks(), snap: SnapMode = .off
  ) {
    self.detected = detected
    self.edit = edit
    self.taps = taps
    self.clicks = clicks
    self.snap = snap
  }

  /// The grid playback follows, for a track of `durationSec`: constant at the edit's tempo from
  /// its anchor when the musician tapped or typed one, else the analysed grid; either moved by
  /// the edit's shift. Nil when there is neither.
  public func grid(durationSec: Double) -> BeatGrid? {
    if let tempo = edit.tempo {
      return .constant(
        tempo: tempo, anchorSec: edit.anchorSec + edit.shiftSec, durationSec: durationSec)
    }
    guard let detected else { return nil }
    return edit.shiftSec == 0
      ? detected : detected.shifted(by: edit.shiftSec, durationSec: durationSec)
  }

  /// Whether this is the default (what the state's JSON leaves out).
  public var isDefault: Bool { self == Rhythm() }

  private enum CodingKeys: String, CodingKey {
    case detected, edit, taps, clicks, snap
  }

  /// Encodes every field, an absent grid as `null` as the interchange format requires.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(detected, forKey: .detected)
    try container.encode(edit, forKey: .edit)
    try container.encode(taps, forKey: .taps)
    try container.encode(clicks, forKey: .clicks)
    try container.encode(snap, forKey: .snap)
  }
}

/// The musician's corrections of the beat grid.
public struct GridEdit: Sendable, Equatable, Hashable, Codable {
  /// The tempo tapped or typed, in BPM (nil: the analysed grid's beats).
  public var tempo: Double?
  /// Where a bar of the constant grid starts, in source seconds (before the shift).
  public var anchorSec: Double
  /// How far the grid is moved, in seconds (later when positive).
  public var shiftSec: Double

  /// Creates an edit; the default changes nothing.
  public init(tempo: Double? = nil, anchorSec: Double = 0, shiftSec: Double = 0) {
    self.tempo = tempo
    self.anchorSec = anchorSec
    self.shiftSec = shiftSec
  }

  private enum CodingKeys: String, CodingKey {
    case tempo, anchorSec, shiftSec
  }

  /// Encodes every field, no tempo as `null`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(tempo, forKey: .tempo)
    try container.encode(anchorSec, forKey: .anchorSec)
    try container.encode(shiftSec, forKey: .shiftSec)
  }
}

/// The metronome and the count-in, as the musician set them.
public struct Clicks: Sendable, Equatable, Hashable, Codable {
  /// Whether the metronome clicks on the grid's beats while playing.
  public var metronomeOn: Bool
  /// The clicks' level, within ``PracticeRules/clickLevelRange`` (also the count-in's).
  public var level: Double
  /// Beats counted in before playback starts, within ``PracticeRules/countInBeatsRange``
  /// (0: none).
  public var countInBeats: Int
  /// Whether the count-in also comes before every pass of the loop (else only before playback
  /// starts).
  public var countInEveryPass: Bool

  /// Creates settings; the default is silent: metronome off at half level, no count-in.
  public init(
    metronomeOn: Bool = false, level: Double = 0.5, countInBeats: Int = 0,
    countInEveryPass: Bool = false
  ) {
    self.metronomeOn = metronomeOn
    self.level = level
    self.countInBeats = countInBeats
    self.countInEveryPass = countInEveryPass
  }
}

/// Where a loop point set by the musician lands.
public enum SnapMode: String, Sendable, Hashable, Codable, CaseIterable {
  /// Where it was set.
  case off
  /// On the nearest beat of the grid.
  case beats
  /// On the nearest bar start (downbeat) of the grid.
  case bars
}
