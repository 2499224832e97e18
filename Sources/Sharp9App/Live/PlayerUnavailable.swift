/// A player cannot start: no terminal, a terminal curses does not know, or no usable audio
/// output. The message says what failed and what to do; the front end picks the exit status.
public struct PlayerUnavailable: Error, CustomStringConvertible {
  /// One sentence: what failed and what to do.
  public var message: String
  /// The message.
  public var description: String { message }

  /// A failure saying `message`.
  public init(message: String) {
    self.message = message
  }
}
