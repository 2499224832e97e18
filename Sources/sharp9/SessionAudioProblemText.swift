import Sharp9App

extension SessionAudioFile.Problem: CustomStringConvertible {
  /// One line for the user, saying what to do.
  public var description: String {
    switch self {
    case .noRecordedAudio(let session):
      "session \(session) has no recorded audio file; pass --audio PATH"
    case .missing(let path, let overridden):
      "audio file \(path) is missing or unreadable; "
        + (overridden ? "check the path" : "pass --audio PATH to use a copy elsewhere")
    case .notTheRecordedFile(let path, let found, let recorded):
      "audio file \(path) is not the session's audio (SHA-256 "
        + "\(found.map { String($0.prefix(12)) } ?? "unreadable"), recorded "
        + "\(recorded.prefix(12))); pass --allow-different-audio to render it anyway"
    }
  }
}
