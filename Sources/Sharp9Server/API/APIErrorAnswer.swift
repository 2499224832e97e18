import Foundation
import HTTPTypes
import Hummingbird
import Sharp9App
import Sharp9Audio
import Sharp9Store

/// The one table from what the libraries throw to what the API answers: a status and one
/// sentence for people.
///
/// The rules: a request the client got wrong (an unknown session, an event out of range, an
/// upload that is not an intact bundle) is 4xx; a database that is gone, moved, replaced,
/// damaged, locked or full is 503; 500 only for an error this table does not know (a bug). A
/// store failure's status comes from its ``StoreResultCode``, whichever backend threw it. A
/// sentence never carries an error's own `description` where that may hold SQL or a file path
/// (a ``BackendFailure``, ``MigrationError``, ``BundleError``, ``AudioFileError``): those
/// details go to the server's log for the operator (``logged``).
struct APIErrorAnswer: Equatable {
  var status: HTTPResponse.Status
  var message: String
  /// True when the details belong in the server's log (the database's or the server's fault).
  var logged = false

  /// The answer to `error`.
  init(_ error: any Error) {
    switch error {
    case let failure as APIFailure: self.init(failure.status, failure.message)
    case let upload as UploadFailure: self = Self.upload(upload.underlying)
    case let error as any HTTPResponseError: self.init(error.status, "\(error)")
    // The practice app's output device could not be opened (one chosen in its settings).
    case let error as PlayerUnavailable: self.init(.serviceUnavailable, error.message)
    case is DatabaseFile.Changed:
      self = Self.database(
        "the database sharp9 serve was started with was moved, deleted or replaced; restart"
          + " sharp9 serve")
    case let error as StoreError: self = Self.store(error)
    case let error as any BackendFailure: self = Self.backend(error)
    case let error as MigrationError:
      self = Self(
        code: error.resultCode,
        "the database was changed into one this sharp9 cannot use; restart sharp9 serve")
    case let error as ActionCodec.DecodingError:
      self = Self(
        code: error.resultCode, "a stored event is unreadable; run `sharp9 verify` on the session")
    case let error as BundleError: self = Self.bundle(error)
    case let problem as UntrustedBundle.Problem: self = Self.untrusted(problem)
    case let error as CocoaError where error.isFileError:
      // The server's own files: an upload or a bundle in its work folder.
      self.init(
        .serviceUnavailable, "the server cannot write its work files; check the disk",
        logged: true)
    case let error as AudioFileError where error.kind == .writeFailed:
      self.init(.serviceUnavailable, "the render cannot be written; check the disk", logged: true)
    default:
      self.init(
        .internalServerError,
        "an internal error: this is a bug in sharp9 (the server's log has the details); please"
          + " report it", logged: true)
    }
  }

  /// True for the errors of the database itself (its file, its backend, its schema, its events).
  static func isDatabaseFailure(_ error: any Error) -> Bool {
    error is DatabaseFile.Changed || error is any StoreFailure
  }

  init(_ status: HTTPResponse.Status, _ message: String, logged: Bool = false) {
    self.status = status
    self.message = message
    self.logged = logged
  }

  /// The database cannot be used: 503, and the details to the log.
  private static func database(_ message: String) -> Self {
    Self(.serviceUnavailable, message, logged: true)
  }

  /// The answer for a store failure: its status from its ``StoreResultCode`` (once, in
  /// ``HTTPResponse/Status/init(_:)``); a fault of the server's (5xx) goes to the log.
  private init(code: StoreResultCode, _ message: String) {
    let status = HTTPResponse.Status(code)
    self.init(status, message, logged: status.code >= 500)
  }

  private static func store(_ error: StoreError) -> Self {
    Self(code: error.resultCode, storeMessage(error))
  }

  private static func storeMessage(_ error: StoreError) -> String {
    switch error {
    case .sessionNotFound, .ambiguousSession, .sequenceOutOfRange, .invalidTime, .timeBeyondDates,
      .noActions, .conflict:
      error.description
    case .invalidStoreURL: "the store URL is not one sharp9 can open"
    case .databaseMissing:
      "the database sharp9 serve was started with was moved, deleted or replaced; restart"
        + " sharp9 serve"
    case .corruptEvent(let session, let seq, _):
      "session \(session) event \(seq) is unreadable; run `sharp9 verify` on the session"
    case .unsupported(let operation, let backend):
      "\(operation) is not supported on this server's \(backend.name) store yet"
    case .invalidDeviceName, .deviceTokenExists, .deviceTokenNotFound: error.description
    }
  }

  private static func backend(_ error: any BackendFailure) -> Self {
    let message =
      switch error.resultCode {
      case .busy: "the database is locked by another sharp9 process; retry when it is done"
      case .corrupt: "the database is damaged; restore it from a copy, or run `sharp9 verify`"
      case .readOnly: "the database is read-only; check its permissions"
      case .full: "the disk is full; free space and retry"
      case .ioFailure, .cannotOpen, .missing:
        "the database cannot be read or written; check the disk and restart sharp9 serve"
      case .unavailable: "the database server cannot be reached; check that it runs"
      case .invalidValue, .internalError, .invalidData, .invalidRequest, .notFound, .conflict,
        .incompatible, .unsupported:
        "an internal database error: this is a bug in sharp9 (the server's log has the"
          + " details); please report it"
      }
    return Self(code: error.resultCode, message)
  }

  private static func bundle(_ error: BundleError) -> Self {
    switch error {
    case .notABundle: Self(.unprocessableContent, notABundle)
    case .unsupportedFormat(_, let format):
      Self(
        .unprocessableContent,
        "the bundle has format \(format), which this sharp9 cannot read; upgrade sharp9")
    case .failsVerification(_, let seq):
      Self(
        .unprocessableContent,
        "the bundled session does not replay to its checkpoint at event \(seq): the bundle is"
          + " damaged or was edited")
    case .conflictingSession(let id, let existing, let bundled):
      Self(
        .conflict,
        "session \(id) already exists with \(existing) events (the bundle has \(bundled)); delete"
          + " it first to import the bundle")
    case .audioMissing(let session, _):
      Self(.conflict, "session \(session)'s audio cannot be read; bundle it without audio")
    case .audioChanged:
      Self(
        .conflict,
        "the session's audio changed since it was recorded; bundle it without audio")
    case .audioHashMalformed, .audioHashMismatch:
      Self(
        .unprocessableContent,
        "the bundle's audio is not the file its hash names: the bundle is damaged or was edited")
    case .unsafeAudioTarget:
      Self(
        .unprocessableContent,
        "a symbolic link or special file stands where the bundle's audio would be written;"
          + " remove it from the audio folder and upload again", logged: true)
    case .wouldReplaceDatabase, .writeFailed, .audioWriteFailed:
      Self(.serviceUnavailable, "the bundle cannot be written; check the disk", logged: true)
    }
  }

  private static func untrusted(_ problem: UntrustedBundle.Problem) -> Self {
    switch problem {
    case .damaged:
      Self(.unprocessableContent, "the bundle is damaged (it fails the database integrity check)")
    case .forbiddenObject(let kind, _):
      Self(
        .unprocessableContent,
        "the bundle holds a \(kind), which sharp9 never writes: it was made to run code and is"
          + " refused")
    case .diverged(let session, let seq):
      Self(
        .unprocessableContent,
        "session \(session) in the bundle does not replay to its checkpoint at event \(seq): the"
          + " bundle is damaged or was edited")
    }
  }

  static let notABundle =
    "the upload is not a sharp9 bundle; make one with the session page's bundle link or"
    + " `sharp9 bundle SESSION -o FILE.sharp9`"

  /// What a failed import of an upload means: what can only be the upload's fault (not SQLite,
  /// damaged, not a sharp9 database, from a newer sharp9, an unreadable event) is 422; the rest
  /// (a full disk, the server's database gone) is answered as anywhere else.
  private static func upload(_ error: any Error) -> Self {
    switch error {
    case let error as any BackendFailure where [.corrupt, .invalidValue].contains(error.resultCode):
      Self(
        .unprocessableContent,
        "the upload is not an intact sharp9 bundle: it is damaged or cut short")
    case let error as MigrationError:
      switch error {
      case .notSharp9: Self(.unprocessableContent, notABundle)
      case .unknownMigration:
        Self(.unprocessableContent, "the bundle was written by a newer sharp9; upgrade sharp9")
      case .changedMigration:
        Self(.unprocessableContent, "the bundle was written by a different build of sharp9")
      }
    case StoreError.corruptEvent(_, let seq, _), StoreError.invalidTime(let seq, _, _),
      StoreError.timeBeyondDates(let seq, _, _):
      Self(.unprocessableContent, "event \(seq) in the bundle is unreadable: the bundle is damaged")
    case is ActionCodec.DecodingError:
      Self(.unprocessableContent, "an event in the bundle is unreadable: the bundle is damaged")
    default: Self(error)
    }
  }
}

/// A failure while importing an upload: ``APIErrorAnswer`` tells the upload's fault (422) from
/// the server's.
struct UploadFailure: Error {
  var underlying: any Error
}
