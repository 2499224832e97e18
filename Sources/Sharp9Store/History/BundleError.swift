/// Why a session bundle could not be written or read.
public enum BundleError: Error, Equatable, CustomStringConvertible {
  /// The file is a sharp9 database but not a bundle (no manifest), or names no session.
  case notABundle(path: String)
  /// The bundle was written in a format this sharp9 does not know.
  case unsupportedFormat(path: String, format: String)
  /// `--with-audio` was asked for a session that has no audio, or whose file is gone.
  case audioMissing(session: String, path: String?)
  /// The audio file's bytes are not the ones the session was recorded with.
  case audioChanged(path: String, recorded: String, actual: String)
  /// The bundle would be written over the database it is read from.
  case wouldReplaceDatabase(path: String)
  /// The bundle could not be written (the disk is full) or moved into place; nothing was left.
  case writeFailed(path: String, reason: String)
  /// The bundle's session does not replay to its own checkpoints: it was damaged or edited.
  case failsVerification(path: String, seq: Int64)
  /// The target already holds a session with the bundle's id but other content (events, title,
  /// times, audio or versions).
  case conflictingSession(id: String, existingEvents: Int64, bundledEvents: Int64)
  /// The bundled audio's hash is not 64 lower-case hex digits.
  case audioHashMalformed(path: String)
  /// The bundled audio's hash is not the SHA-256 of its bytes.
  case audioHashMismatch(path: String)
  /// A name the bundled audio would be written to in the audio directory is held by a symbolic
  /// link or a special file.
  case unsafeAudioTarget(name: String)
  /// The bundled audio could not be written to the audio directory.
  case audioWriteFailed(name: String, reason: String)

  /// One line saying what failed and what to do.
  public var description: String {
    switch self {
    case .notABundle(let path):
      "\(path) is not a sharp9 bundle (make one with `sharp9 bundle SESSION -o FILE.sharp9`)"
    case .unsupportedFormat(let path, let format):
      "\(path) is a bundle of format \(format), which this sharp9 cannot read (upgrade sharp9)"
    case .audioMissing(let session, let path?):
      "session \(session)'s audio \(path) cannot be read; bundle without --with-audio, or restore"
        + " the file"
    case .audioMissing(let session, nil):
      "session \(session) has no audio file; bundle it without --with-audio"
    case .audioChanged(let path, let recorded, let actual):
      "\(path) changed since the session was recorded (SHA-256 \(actual.prefix(12))…, recorded"
        + " \(recorded.prefix(12))…); restore the original file or bundle without --with-audio"
    case .wouldReplaceDatabase(let path):
      "\(path) is the database the session is read from; choose another bundle file"
    case .writeFailed(let path, let reason):
      "cannot write \(path): \(reason)"
    case .failsVerification(let path, let seq):
      "\(path): the bundled session does not replay to its checkpoint at event \(seq); the bundle"
        + " is damaged or was edited"
    case .conflictingSession(let id, let existing, let bundled):
      "session \(id) already exists with other content (\(existing) events; the bundle's has"
        + " \(bundled)); import it as a new session (`sharp9 import-bundle FILE --as-new`), or"
        + " delete the existing one first (`sharp9 delete \(id.prefix(8))`)"
    case .audioHashMalformed:
      "the bundle's audio hash is not a SHA-256 (64 lower-case hex digits); the bundle is damaged"
        + " or was edited"
    case .audioHashMismatch:
      "the bundle's audio is not the file its hash names; the bundle is damaged or was edited"
    case .unsafeAudioTarget(let name):
      "audio/\(name) is a symbolic link or a special file, so the bundled audio is not written"
        + " there; remove it and import again"
    case .audioWriteFailed(let name, let reason):
      "cannot write the bundled audio as audio/\(name): \(reason)"
    }
  }
}
