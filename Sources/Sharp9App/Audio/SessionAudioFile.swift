import Foundation
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// A recorded session's source audio file, found and checked: what `render` plays from and where
/// `timeline` reads the track's length. The recorded path (or an override) is tried, then where
/// the file was found when the session was created, and the file must be the one recorded.
public enum SessionAudioFile {
  /// Why a session's audio cannot be used; the front end words it.
  public enum Problem: Error, Sendable, Equatable {
    /// The session records no audio file and no override was given.
    case noRecordedAudio(session: String)
    /// The file is missing or unreadable (`overridden`: the path came from the caller).
    case missing(path: String, overridden: Bool)
    /// The file's SHA-256 (`found`, `nil` when unreadable) is not the one recorded.
    case notTheRecordedFile(path: String, found: String?, recorded: String)
  }

  /// The file to play `session` from: `override` if given, else the recorded path.
  ///
  /// - Throws: ``Problem`` when it is missing or (unless `force`) differs from the recorded file;
  ///   ``AudioFileError`` `.notAFile` when it is a directory, a device or a FIFO.
  public static func resolve(_ session: SessionRecord, override: String?, force: Bool) throws
    -> URL
  {
    guard let path = override ?? session.audio?.path else {
      throw Problem.noRecordedAudio(session: session.idString)
    }
    guard let url = find(path, of: session, override: override) else {
      throw Problem.missing(path: path, overridden: override != nil)
    }
    try AudioFilePath.checkRegularFile(url)
    if let recorded = session.audio?.sha256, !force {
      let found = try AudioFileLocator.sha256(of: url)
      guard found == recorded else {
        _ = try AudioFileReader(url: url)  // a file that is not audio at all says so first
        throw Problem.notTheRecordedFile(path: path, found: found, recorded: recorded)
      }
    }
    return url
  }

  /// The file `path` names, else, when no override replaces it, where the recorded file was
  /// found when the session was created: a script's relative path was resolved against the
  /// script's directory, not the directory the front end runs in.
  private static func find(_ path: String, of session: SessionRecord, override: String?) -> URL? {
    if let url = AudioFileLocator.locate(path: path) { return url }
    guard override == nil, let located = session.audio?.locatedPath else { return nil }
    return AudioFileLocator.locate(path: located)
  }

  /// The length of the session's track, without needing the audio: the recorded metadata, else
  /// the file's header (`override` or the recorded path), else the duration the session's first
  /// `importSucceeded` reported. Nil when none is known.
  public static func durationSec(
    of session: SessionRecord, log: some EventLog, override: String?
  ) throws -> Double? {
    if override == nil, let frames = session.audio?.frames, let rate = session.audio?.sampleRate,
      rate > 0
    {
      return Double(frames) / Double(rate)
    }
    if let override {
      // An override given is used or refused, never silently passed over.
      guard let url = find(override, of: session, override: override) else {
        throw Problem.missing(path: override, overridden: true)
      }
      return try AudioFileReader(url: url).format.durationSec
    }
    if let path = session.audio?.path, let url = find(path, of: session, override: nil),
      let reader = try? AudioFileReader(url: url)
    {
      return reader.format.durationSec
    }
    let events = try log.events(of: session, after: 0, through: nil)
    while let event = try events.next() {
      if case .importSucceeded(let track) = event.action { return track.durationSec }
    }
    return nil
  }
}
