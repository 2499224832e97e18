import Sharp9App

extension SessionAudioFile.Problem: CustomStringConvertible {
  /// One line for the user: what failed, why, what to do.
  public var description: String {
    switch self {
    case .noRecordedAudio(let session):
      "session \(session) has no audio: no audio file was recorded with it. Pass --audio PATH"
    case .missing(let path, let overridden):
      "cannot read the audio file \(path): it is missing or unreadable. "
        + (overridden ? "Check the path" : "Pass --audio PATH to use a copy elsewhere")
    case .notTheRecordedFile(let path, let found, let recorded):
      "cannot use the audio file \(path): it is not the session's audio (SHA-256 "
        + "\(found.map { String($0.prefix(12)) } ?? "unreadable"), recorded "
        + "\(recorded.prefix(12))). Pass --allow-different-audio to render it anyway"
    }
  }
}
