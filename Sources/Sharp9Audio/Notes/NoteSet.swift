/// A set of MIDI note numbers 0…127, stored as a 128-bit mask: a value that never allocates, so
/// an audio thread can hand it on, and two of them compare in two instructions. (Membership is
/// checked by comparisons, not `midiRange.contains`: in a debug build that allocates.)
///
/// ```swift
/// var notes = NoteSet([60, 64, 67])  // C major
/// notes.transposed(bySemitones: 2).midiNotes  // [62, 66, 69]: D major
/// ```
public struct NoteSet: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral {
  /// The MIDI note numbers a set can hold.
  public static let midiRange = 0...127
  /// The keys of an 88-key piano, A0 (21) to C8 (108).
  public static let pianoRange = 21...108

  /// Bits 0–63: notes 0–63.
  private var low: UInt64 = 0
  /// Bits 0–63: notes 64–127.
  private var high: UInt64 = 0

  /// The empty set.
  public init() {}

  /// The set of `notes`; numbers outside ``midiRange`` are left out.
  public init(_ notes: some Sequence<Int>) {
    for note in notes { insert(note) }
  }

  /// The set of the listed notes, as in `[60, 64, 67]`.
  public init(arrayLiteral notes: Int...) { self.init(notes) }

  /// Whether no note is in the set.
  public var isEmpty: Bool { low == 0 && high == 0 }

  /// How many notes are in the set.
  public var count: Int { low.nonzeroBitCount + high.nonzeroBitCount }

  /// The notes, lowest first (allocates: not for the audio thread).
  public var midiNotes: [Int] { Self.midiRange.filter(contains) }

  /// Whether `note` is in the set (false outside ``midiRange``).
  public func contains(_ note: Int) -> Bool {
    guard note >= 0, note < 128 else { return false }
    return note < 64 ? low & (1 << UInt64(note)) != 0 : high & (1 << UInt64(note - 64)) != 0
  }

  /// Adds `note`; a number outside ``midiRange`` is ignored.
  public mutating func insert(_ note: Int) {
    guard note >= 0, note < 128 else { return }
    if note < 64 { low |= 1 << UInt64(note) } else { high |= 1 << UInt64(note - 64) }
  }

  /// The notes in both sets.
  public func intersection(_ other: NoteSet) -> NoteSet {
    var result = NoteSet()
    result.low = low & other.low
    result.high = high & other.high
    return result
  }

  /// Every note moved by `semitones`, rounded to the nearest key: the keyboard strip shows the
  /// notes as they sound after the player's transposition.
  ///
  /// The strip has keys, not cents: a fractional offset rounds to the nearest semitone, halves
  /// away from zero (+0.49 leaves the keys where they are, +0.5 and −0.5 move them one key up
  /// and down). Notes moved outside ``midiRange`` are dropped; a strip that draws only the piano
  /// keeps ``pianoRange``.
  public func transposed(bySemitones semitones: Double) -> NoteSet {
    guard semitones.isFinite else { return self }
    let offset = Int(semitones.rounded(.toNearestOrAwayFromZero).clamped(to: -128...128))
    var result = NoteSet()
    for note in Self.midiRange where contains(note) { result.insert(note + offset) }
    return result
  }

  /// The notes' numbers, as in `[60, 64, 67]`.
  public var description: String { midiNotes.description }
}

extension Double {
  fileprivate func clamped(to range: ClosedRange<Double>) -> Double {
    Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
  }
}
