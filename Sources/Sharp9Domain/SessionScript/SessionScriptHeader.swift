import Foundation

/// The optional first line of a session script: `{"session":{"startedAt":"…","audio":"path"}}`.
///
/// Every field is optional. Absent fields are omitted when the header is written, so a header
/// read from a script is written back byte for byte.
public struct SessionScriptHeader: Sendable, Equatable, Hashable, Codable {
  /// When the session started (wall clock); each action happened at `startedAt + t`.
  public var startedAt: Date?
  /// The source audio the session practised on, as a path (or URL) in the interchange form.
  public var audio: String?
  /// A human title for the session (written by `sharp9 export`, used by `sharp9 import`).
  public var title: String?

  /// Creates a header.
  public init(startedAt: Date? = nil, audio: String? = nil, title: String? = nil) {
    self.startedAt = startedAt
    self.audio = audio
    self.title = title
  }

  /// The field names a header may carry, in the order they are written.
  static let fieldNames = ["startedAt", "audio", "title"]
}
