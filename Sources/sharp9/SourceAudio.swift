import Foundation
import Sharp9Audio
import Sharp9Store

/// Finding a session's source audio for `render` (and its length for `timeline`): the recorded
/// path, or `--audio`, checked against the recorded SHA-256.
enum SourceAudio {
  /// Why the audio cannot be used; each message says what to do.
  struct Problem: Error, CustomStringConvertible {
    /// One line for the user.
    var description: String
    /// True when the file is there but is not the session's audio (bad data, not missing).
    var isMismatch = false
  }

  /// The file to render from: `override` if given, else the recorded path. Throws when it is
  /// missing or (unless `force`) differs from the recorded file.
  static func resolve(_ session: SessionRecord, override: String?, force: Bool) throws -> URL {
    guard let path = override ?? session.audio?.path else {
      throw Problem(
        description: "session \(session.idString) has no recorded audio file; pass --audio PATH")
    }
    guard let url = find(path, of: session, override: override) else {
      let hint = override == nil ? "pass --audio PATH to use a copy elsewhere" : "check the path"
      throw Problem(description: "audio file \(path) is missing or unreadable; \(hint)")
    }
    if let recorded = session.audio?.sha256, !force {
      let found = AudioSource.fileSHA256(url)
      guard found == recorded else {
        _ = try AudioFileReader(url: url)  // a file that is not audio at all says so first
        throw Problem(
          description: "audio file \(path) is not the session's audio (SHA-256 "
            + "\(found.map { String($0.prefix(12)) } ?? "unreadable"), recorded "
            + "\(recorded.prefix(12))); pass --allow-different-audio to render it anyway",
          isMismatch: true)
      }
    }
    return url
  }

  /// The file `path` names, else, when no `--audio` overrides it, where the recorded file was
  /// found when the session was created: a script's relative path was resolved against the
  /// script's directory, not the directory `render` runs in.
  private static func find(_ path: String, of session: SessionRecord, override: String?) -> URL? {
    if let url = AudioSource.locate(path: path) { return url }
    guard override == nil, let located = session.audio?.locatedPath else { return nil }
    return AudioSource.locate(path: located)
  }

  /// The length of the session's track for the timeline, without needing the audio: the recorded
  /// metadata, else the file's header (`override` or the recorded path), else the duration the
  /// session's first `importSucceeded` reported. Nil when none is known.
  static func durationSec(
    of session: SessionRecord, store: EventStore, override: String?
  ) throws -> Double? {
    if override == nil, let frames = session.audio?.frames, let rate = session.audio?.sampleRate,
      rate > 0
    {
      return Double(frames) / Double(rate)
    }
    if let override {
      // A --audio given is used or refused, never silently passed over.
      guard let url = find(override, of: session, override: override) else {
        throw Problem(
          description: "audio file \(override) is missing or unreadable; check the path")
      }
      return try AudioFileReader(url: url).format.durationSec
    }
    if let path = session.audio?.path, let url = find(path, of: session, override: nil),
      let reader = try? AudioFileReader(url: url)
    {
      return reader.format.durationSec
    }
    let events = try store.events(of: session)
    while let event = try events.next() {
      if case .importSucceeded(let track) = event.action { return track.durationSec }
    }
    return nil
  }
}
