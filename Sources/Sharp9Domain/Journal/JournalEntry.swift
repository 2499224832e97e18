/// One line of the practice journal: what one song got on one day (the musician's local day).
///
/// The JSON form (`sharp9 journal --json`, one object per line) has exactly these fields, in this
/// order: `day` (`YYYY-MM-DD`), `song`, `practisedSec` (time spent playing, not paused, to the
/// millisecond), `loopPasses`, `speedMin`, `speedMax` (the speeds heard while playing) and
/// `takes` (recordings of yourself, 0 until recording exists), then `pitchMin` and `pitchMax`
/// (the transpositions heard, in semitones) and `loops` (each loop's ``LoopFigures``).
public struct JournalEntry: Sendable, Equatable, Hashable, Codable {
  /// The local day, `YYYY-MM-DD`.
  public var day: String
  /// The song, as its file is named.
  public var song: String
  /// Seconds spent playing (wall time, so 60 s at 0.5× is 60 s of practice).
  public var practisedSec: Double
  /// Loop passes completed (each wrap at B, and each stop after the last asked-for pass).
  public var loopPasses: Int
  /// The slowest speed heard while playing.
  public var speedMin: Double
  /// The fastest speed heard while playing.
  public var speedMax: Double
  /// Takes recorded.
  public var takes: Int
  /// The lowest transposition heard while playing, in semitones.
  public var pitchMin: Double
  /// The highest transposition heard while playing.
  public var pitchMax: Double
  /// Each loop played through that day, by A then B.
  public var loops: [LoopFigures]

  /// Creates an entry.
  public init(
    day: String, song: String, practisedSec: Double, loopPasses: Int, speedMin: Double,
    speedMax: Double, takes: Int = 0, pitchMin: Double = 0, pitchMax: Double = 0,
    loops: [LoopFigures] = []
  ) {
    self.day = day
    self.song = song
    self.practisedSec = practisedSec
    self.loopPasses = loopPasses
    self.speedMin = speedMin
    self.speedMax = speedMax
    self.takes = takes
    self.pitchMin = pitchMin
    self.pitchMax = pitchMax
    self.loops = loops
  }
}
