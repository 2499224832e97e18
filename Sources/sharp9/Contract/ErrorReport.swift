import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Player
import Sharp9Server
import Sharp9Store

/// Words and an exit status for every error a command can end with.
///
/// Libraries throw errors that carry data (a path, a store's result code, a line number); this is
/// where they become the one line a user reads, `sharp9: error: <what failed>: <why>. <what to
/// do>`, with a status from ``ExitStatus``. A store's failure gets its status from its
/// ``StoreResultCode`` (``ExitStatus/init(_:)``), whichever backend threw it. No Foundation or
/// SQL internals reach the user: a database failure is told by its message, never by its
/// statement text.
///
/// A new library error type gets a case here; anything unknown is reported as an internal error
/// (status 70), which a test would show.
struct ErrorReport: Equatable {
  /// The exit status.
  var status: ExitStatus
  /// The line after `sharp9: error: `, escaped so it stays one line of plain text.
  var message: String

  init(_ status: ExitStatus, _ message: String) {
    self.status = status
    self.message = TerminalText.escaped(message)
  }

  /// The report for `error`.
  init(_ error: any Error) {
    switch error {
    case let failure as CommandFailure: self.init(failure.status, failure.message)
    case let failure as OutputFailure: self = Self.output(failure)
    case let problem as SessionAudioFile.Problem:
      switch problem {
      case .noRecordedAudio, .missing: self.init(.noInput, problem.description)
      case .notTheRecordedFile: self.init(.badData, problem.description)
      }
    case let error as StoreError: self = Self.store(error)
    case let error as MigrationError: self = Self.migration(error)
    case let error as BundleError: self = Self.bundle(error)
    case let error as InspectorServer.ListenFailure: self = Self.listen(error)
    case let error as SessionScriptError:
      self.init(.badData, "\(error). Fix that line")
    case let error as AudioFileError: self = Self.audio(error)
    case let error as StretchError: self.init(.unavailable, error.description)
    case let error as WaveformPeaksError:
      self.init(.usage, "cannot compute peaks: \(error). Ask for at least 1 bucket")
    case let error as SessionMinimizer.Failure: self = Self.minimize(error)
    case let error as ActionCodec.DecodingError:
      self.init(
        ExitStatus(error.resultCode),
        "a stored event is unreadable: \(error). Run `sharp9 verify SESSION`")
    case let error as any BackendFailure: self = Self.backend(error)
    case is EncodingError:
      self.init(
        .badData,
        "cannot write JSON: a number is not finite. Check the input for NaN or infinite values")
    case is DecodingError:
      self.init(.badData, "cannot read JSON: it is not the JSON sharp9 expects. Check the input")
    case let failure as PlayerUnavailable: self.init(.unavailable, failure.message)
    case let error as TerminalError:
      self.init(
        .ioError,
        "cannot draw the player's screen: \(error). Run sharp9 play in a terminal whose TERM names its type"
      )
    case let error as CocoaError: self = Self.file(error)
    case let error as POSIXError:
      self.init(
        .ioError,
        "a system call failed: \(String(cString: strerror(error.code.rawValue))). Retry")
    default:
      self.init(
        .internalError, "unexpected error: \(error). This is a bug in sharp9; please report it")
    }
  }

  /// The full line written to standard error.
  var line: String { "sharp9: error: \(message)" }

  private static func output(_ failure: OutputFailure) -> ErrorReport {
    let stream = failure.stream == .output ? "standard output" : "standard error"
    var message = "cannot write to \(stream): \(failure.reason)"
    if let committed = failure.committed {
      message += ". Nothing is lost: \(committed)"
    } else {
      message += ". Check free space, or what the output is redirected to"
    }
    return ErrorReport(.ioError, message)
  }

  private static func store(_ error: StoreError) -> ErrorReport {
    ErrorReport(ExitStatus(error.resultCode), storeMessage(error))
  }

  /// The words for a store error.
  private static func storeMessage(_ error: StoreError) -> String {
    switch error {
    case .databaseMissing(let path):
      "cannot open the database: there is no sharp9 database at \(path). Record or import a"
        + " session first, or give the database with --db"
    case .sessionNotFound(let prefix):
      "cannot find session \"\(prefix)\": no session id starts with it. List them with"
        + " `sharp9 sessions`"
    case .ambiguousSession(let prefix, let matches):
      "cannot choose session \"\(prefix)\": it matches \(matches.count) sessions"
        + " (\(matches.joined(separator: ", "))). Give more characters of the id"
    case .conflict(let session, let expected, let actual):
      "cannot append to session \(session): another writer appended to it first (expected"
        + " \(expected) events, found \(actual)). Reload it and retry"
    case .invalidTime, .timeBeyondDates:
      // "event N: t = … must be …"
      "\(error). Give each event a t in seconds that never goes back"
    case .noActions:
      "cannot make a session: the script holds no actions. A session needs at least one"
    case .corruptEvent(let session, let seq, let reason):
      "cannot read session \(session): event \(seq) is unreadable (\(reason)). Run `sharp9 verify`"
        + " on the session"
    case .sequenceOutOfRange(let session, let seq, let count):
      "event \(seq) is out of range: session \(session) has events 0…\(count). Give an event"
        + " in that range"
    case .invalidStoreURL(let url, let reason):
      "invalid --store \(url): \(reason). Give sqlite:PATH or"
        + " postgres://USER@HOST:PORT/DATABASE"
    case .unsupported(let operation, let backend):
      "cannot \(operation): a \(backend.name) store does not support it yet. Use an SQLite"
        + " store (--db PATH or --store sqlite:PATH)"
    }
  }

  /// A failure of the database itself, worded by what it means; SQL never reaches the user.
  private static func backend(_ error: any BackendFailure) -> ErrorReport {
    ErrorReport(ExitStatus(error.resultCode), backendMessage(error))
  }

  private static func backendMessage(_ error: any BackendFailure) -> String {
    let what = "the database cannot be used"
    let isFile = error.backend == .sqlite
    switch error.resultCode {
    case .busy:
      return "\(what): it is locked by another sharp9 process. Retry when it is done"
    case .corrupt where isFile:
      return "\(what): the file is not an intact SQLite database (\(error.message)). Give"
        + " sharp9's database with --db, or restore it from a copy"
    case .corrupt:
      return "\(what): it is damaged (\(error.message)). Restore it from a backup"
    case .readOnly where isFile:
      return "\(what): it is read-only. Check the file's and directory's permissions"
    case .readOnly:
      return "\(what): it is read-only. Connect to a server that accepts writes"
    case .full: return "\(what): the disk is full. Free space and retry"
    case .ioFailure:
      return "\(what): a read or write failed (\(error.message)). Check the disk and retry"
    case .cannotOpen where isFile:
      return "\(what): the file cannot be opened. Check that its directory exists and is writable"
    case .cannotOpen:
      return "\(what): the server refused the connection (\(error.message)). Check the user,"
        + " password and database in the store URL"
    case .unavailable, .missing:
      return "\(what): the \(error.backend.name) server cannot be reached (\(error.message))."
        + " Check that it runs and that the store URL names it"
    case .invalidValue, .invalidData, .invalidRequest, .notFound, .conflict, .incompatible:
      return "\(what): \(error.message). Run `sharp9 verify` to see what is damaged"
    case .unsupported, .internalError:
      return "\(what): \(error.backend.name) result \(error.nativeCode), \(error.message). This is"
        + " a bug in sharp9; please report it"
    }
  }

  private static func listen(_ error: InspectorServer.ListenFailure) -> ErrorReport {
    let address =
      error.host.contains(":") ? "[\(error.host)]:\(error.port)" : "\(error.host):\(error.port)"
    let why =
      switch error.reason {
      case .portInUse: "the port is in use. Stop the other server or pass --port"
      case .permissionDenied: "this user may not use that port. Pass --port above 1023"
      case .addressUnavailable:
        "the host is not an address of this machine. Pass --host 127.0.0.1"
      }
    return ErrorReport(.unavailable, "cannot listen on \(address): \(why)")
  }

  private static func migration(_ error: MigrationError) -> ErrorReport {
    ErrorReport(ExitStatus(error.resultCode), migrationMessage(error))
  }

  private static func migrationMessage(_ error: MigrationError) -> String {
    switch error {
    case .unknownMigration(let path, let id, let name):
      "cannot use \(path): it was written by a newer sharp9 (migration \(id) \(name) is"
        + " unknown to this version). Upgrade sharp9 to use it"
    case .changedMigration(let path, let id, let name):
      "cannot use \(path): it was migrated with a different text of migration \(id) \(name)."
        + " Use the sharp9 build that created it"
    case .notSharp9(let path):
      "cannot use \(path): it is an SQLite database of another application, not sharp9's."
        + " Give sharp9's database with --db"
    }
  }

  private static func bundle(_ error: BundleError) -> ErrorReport {
    switch error {
    case .notABundle(let path):
      ErrorReport(
        .badData,
        "cannot import \(path): it is not a sharp9 bundle. Make one with `sharp9 bundle SESSION"
          + " -o FILE.sharp9`")
    case .unsupportedFormat(let path, let format):
      ErrorReport(
        .badData,
        "cannot import \(path): it is a bundle of format \(format), which this sharp9 cannot"
          + " read. Upgrade sharp9")
    case .audioMissing(let session, let path?):
      ErrorReport(
        .noInput,
        "cannot bundle the audio of session \(session): \(path) cannot be read. Bundle without"
          + " --with-audio, restore the file, or give it with --audio")
    case .audioMissing(let session, nil):
      ErrorReport(
        .noInput,
        "cannot bundle the audio of session \(session): it has no audio file. Bundle it without"
          + " --with-audio")
    case .audioChanged(let path, let recorded, let actual):
      ErrorReport(
        .badData,
        "cannot bundle \(path): it changed since the session was recorded (SHA-256"
          + " \(actual.prefix(12))…, recorded \(recorded.prefix(12))…). Restore the original file"
          + " or bundle without --with-audio")
    case .conflictingSession(let id, let existing, let bundled):
      ErrorReport(
        .badData,
        "cannot import session \(id): it already exists with other content (\(existing) events;"
          + " the bundle's has \(bundled)). Import it as a new session (`sharp9 import-bundle FILE --as-new`), or"
          + " delete the existing one first (`sharp9 delete \(id.prefix(8))`)")
    case .failsVerification(let path, let seq):
      ErrorReport(
        .badData,
        "cannot import \(path): the bundled session does not replay to its checkpoint at event"
          + " \(seq) (the bundle is damaged or was edited). Ask for the bundle again")
    case .wouldReplaceDatabase(let path):
      ErrorReport(
        .cannotCreate,
        "cannot write \(path): it is the database the session is read from. Write the bundle to"
          + " another file")
    case .writeFailed(let path, let reason):
      ErrorReport(
        .ioError, "cannot write \(path): \(reason). Check free space; the file was left as it was")
    case .audioHashMalformed(let path):
      ErrorReport(
        .badData,
        "cannot import \(path): its audio's hash is not a SHA-256 (64 lower-case hex digits), so"
          + " the bundle is damaged or was edited. Ask for the bundle again")
    case .audioHashMismatch(let path):
      ErrorReport(
        .badData,
        "cannot import \(path): its audio is not the file its hash names, so the bundle is"
          + " damaged or was edited. Ask for the bundle again")
    case .unsafeAudioTarget(let name):
      ErrorReport(
        .cannotCreate,
        "cannot write the bundled audio as audio/\(name): a symbolic link or special file is"
          + " there. Remove it and import again")
    case .audioWriteFailed(let name, let reason):
      ErrorReport(
        .cannotCreate,
        "cannot write the bundled audio as audio/\(name): \(reason). Check that the audio"
          + " directory beside the database is writable")
    }
  }

  private static func audio(_ error: AudioFileError) -> ErrorReport {
    let status: ExitStatus =
      switch error.kind {
      case .notFound, .notAFile, .unreadable: .noInput
      case .empty, .unsupportedFormat, .malformed, .truncated: .badData
      case .unsupportedOutput: .usage
      case .createFailed: .cannotCreate
      case .writeFailed: .ioError
      }
    return ErrorReport(status, error.description + ". " + audioAdvice(error.kind))
  }

  /// What to do about an audio file that failed, by kind.
  private static func audioAdvice(_ kind: AudioFileError.Kind) -> String {
    switch kind {
    case .notFound: "Check the path"
    case .notAFile: "Give the path of an audio file"
    case .empty, .truncated, .malformed: "Re-copy or re-export the file"
    case .unreadable: "Check the file's permissions"
    case .unsupportedFormat:
      "Use WAV, AIFF, FLAC, Ogg Vorbis, Opus or MP3, or convert it (e.g. with ffmpeg or sox)"
    case .unsupportedOutput: "Choose another output format or sample format (WAV stores them all)"
    case .createFailed: "Check that the directory is writable"
    case .writeFailed: "Check free space; the file was left as it was"
    }
  }

  private static func minimize(_ error: SessionMinimizer.Failure) -> ErrorReport {
    switch error {
    case .predicateDoesNotHold(let kind):
      let what =
        switch kind {
        case .invariant: "no state breaks an invariant"
        case .diverges: "the replays agree"
        case .custom: "the command fails on it"
        }
      return ErrorReport(
        .badData,
        "cannot minimize: the predicate does not hold for the whole session (\(what)). Nothing to"
          + " minimize")
    }
  }

  private static func file(_ error: CocoaError) -> ErrorReport {
    let path = (error.userInfo[NSFilePathErrorKey] as? String) ?? error.url?.path ?? "a file"
    let reason = (error.underlying as? POSIXError).map {
      String(cString: strerror($0.code.rawValue))
    }
    switch error.code {
    case .fileReadNoSuchFile, .fileNoSuchFile:
      return ErrorReport(.noInput, "cannot read \(path): no such file. Check the path")
    case .fileReadNoPermission:
      return ErrorReport(.noInput, "cannot read \(path): permission denied. Check its permissions")
    case .fileWriteNoPermission, .fileWriteVolumeReadOnly:
      return ErrorReport(
        .cannotCreate, "cannot write \(path): permission denied. Check the directory's permissions")
    case .fileWriteOutOfSpace:
      return ErrorReport(.ioError, "cannot write \(path): the disk is full. Free space and retry")
    case .fileWriteFileExists:
      return ErrorReport(
        .cannotCreate, "cannot write \(path): it exists. Remove it or choose another name")
    default:
      let kind = error.isFileError && error.code.rawValue >= 512 ? "write" : "read"
      return ErrorReport(
        kind == "write" ? .cannotCreate : .noInput,
        "cannot \(kind) \(path): \(reason ?? "the operation failed"). Check the path and its"
          + " permissions")
    }
  }
}

extension Error {
  /// The underlying POSIX error of a Foundation file error, if it has one.
  fileprivate var underlying: (any Error)? {
    (self as NSError).userInfo[NSUnderlyingErrorKey] as? any Error
  }
}
