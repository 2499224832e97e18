/// A MIDI message bound to a key of the player's bindings (`midi_bindings`): pressing the pedal
/// or controller that sends it sends what the key sends. A setting of the musician's, kept
/// beside the sessions but part of none.
public struct MIDIBinding: Equatable, Sendable {
  /// What kind of message: the three a pedal or a controller's button sends when pressed.
  public enum Kind: String, CaseIterable, Sendable {
    /// A note on (velocity above 0).
    case note
    /// A control change, pressed (its value crossing from below 64 to 64 or more).
    case controlChange
    /// A program change.
    case programChange
  }

  /// The channels a message names, 1-based as a musician counts them.
  public static let channels = 1...16
  /// The note, controller or program numbers.
  public static let numbers = 0...127
  /// The longest key name (`ArrowRight`).
  public static let maxKeyLength = 16

  /// Note, control change or program change.
  public var kind: Kind
  /// 1…16.
  public var channel: Int
  /// 0…127: the note, the controller or the program.
  public var number: Int
  /// The key it sends, by the name the page uses (`a`, ` `, `ArrowLeft`).
  public var key: String

  /// Creates a binding; the caller has checked the ranges (the table's checks refuse others).
  public init(kind: Kind, channel: Int, number: Int, key: String) {
    self.kind = kind
    self.channel = channel
    self.number = number
    self.key = key
  }
}
