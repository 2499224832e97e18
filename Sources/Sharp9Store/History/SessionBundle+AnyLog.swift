import Foundation
import Sharp9Domain

/// Bundles for every backend. A bundle is an SQLite file whatever the log it comes from or goes
/// to: between SQLite files the rows are copied as they are (checkpoints included); from or into
/// another backend the session is copied through the protocol (``EventLog/copySession(_:events:)``):
/// the same id, title, times, audio, versions and events, with checkpoints made again by this
/// reducer.
extension SessionBundle {
  /// Writes `session` of `log` to a bundle at `path`, replacing any file there, as the SQLite
  /// store's `write` does.
  ///
  /// - Throws: ``BundleError``, ``SQLiteError``, the log's error or a file error; `path` is
  ///   untouched then.
  public static func write(
    _ session: SessionRecord, from log: any EventLog, to path: String, withAudio: Bool,
    audioFile: String? = nil, sharp9Version: String
  ) throws {
    if let store = log as? EventStore {
      try write(
        session, from: store, to: path, withAudio: withAudio, audioFile: audioFile,
        sharp9Version: sharp9Version)
      return
    }
    let audio = withAudio ? try readAudio(of: session, at: audioFile) : nil
    let ids = NewEvent.DerivedIDs(session: session.id)
    var events: [NewEvent] = []
    let cursor = try log.events(of: session, after: 0, through: session.eventCount)
    while let event = try cursor.next() {
      events.append(NewEvent(id: ids[event.seq], t: event.t, action: event.action))
    }
    // What a session's row says of this machine is not bundled (as between SQLite files): where
    // its audio was found, and the device it came from.
    var copied = session
    copied.audio?.locatedPath = nil
    copied.device = nil
    try writeBundleFile(to: path) { temporary in
      try withExtendedLifetime(try EventStore(path: temporary)) { bundle in
        _ = try bundle.copySession(copied, events: events)
        try bundle.database.execute(schema(in: "main"))
        try bundle.database.transaction {
          try writeBundleTables(
            of: session, audio: audio, sharp9Version: sharp9Version, into: bundle.database,
            schema: "main")
        }
      }
    }
  }

  /// Imports the session of the bundle at `path` into `log`, keeping its id, as the SQLite
  /// store's `importBundle` does. Into another backend than SQLite, "already present" means the
  /// same columns and the same events (its checkpoints were made again by the reducer that copied
  /// it, so they are not compared), also when another process imported it a moment before.
  ///
  /// - Throws: ``BundleError``, ``MigrationError``, ``StoreError`` or the log's error; the log
  ///   is unchanged then.
  public static func importBundle(at path: String, into log: any EventLog, audioDirectory: URL)
    throws -> ImportResult
  {
    if let store = log as? EventStore {
      return try importBundle(at: path, into: store, audioDirectory: audioDirectory)
    }
    let file = try BundleFile(path: path)
    defer { withExtendedLifetime(file) {} }
    let bundle = file.store
    try verifyBundle(at: path, in: bundle)
    let id = try manifestSession(in: bundle.database, path: path, schema: "main")
    let audio = try bundledAudio(of: id, in: bundle.database, path: path, schema: "main")
    let bundled = try bundle.session(id: id)
    let (actions, _) = try bundle.scriptedActions(of: bundled)
    /// The session already in `log`, if it is the bundled one; else a conflict.
    func present(_ existing: SessionRecord) throws -> ImportResult {
      guard existing.sameColumns(as: bundled),
        try log.scriptedActions(of: existing).actions == actions
      else {
        throw BundleError.conflictingSession(
          id: existing.idString, existingEvents: existing.eventCount,
          bundledEvents: bundled.eventCount)
      }
      return ImportResult(session: existing, alreadyPresent: true, extractedAudio: nil)
    }
    if let existing = try? log.session(id: id) { return try present(existing) }
    var extracted: (path: String, isNew: Bool)?
    if let audio, let recorded = bundled.audio?.path, !audio.isHeld(at: recorded) {
      extracted = try audio.extract(to: audioDirectory)
    }
    // Nor is what the bundle's row says of the machine it came from.
    var record = bundled
    record.audio?.locatedPath = extracted?.path
    record.device = nil
    let ids = NewEvent.DerivedIDs(session: id)
    let events = actions.enumerated().map { offset, scripted in
      NewEvent(id: ids[Int64(offset) + 1], t: scripted.t, action: scripted.action)
    }
    do {
      return ImportResult(
        session: try log.copySession(record, events: events), alreadyPresent: false,
        extractedAudio: extracted?.path)
    } catch {
      // Nothing of a refused import stays behind: a file it wrote goes again.
      if let extracted, extracted.isNew { unlink(extracted.path) }
      // Imported by another process since the look above: present, or a conflict.
      if case StoreError.conflict = error, let existing = try? log.session(id: id) {
        return try present(existing)
      }
      throw error
    }
  }
}

extension SessionRecord {
  /// Whether `other` has what a bundle copies of a session's row (``SessionBundle/sessionColumns``):
  /// the same id, title, times, recorded audio, versions and head.
  func sameColumns(as other: SessionRecord) -> Bool {
    id == other.id && title == other.title && createdAt == other.createdAt
      && startedAt == other.startedAt && endedAt == other.endedAt
      && audio?.path == other.audio?.path && audio?.sha256 == other.audio?.sha256
      && audio?.frames == other.audio?.frames && audio?.sampleRate == other.audio?.sampleRate
      && audio?.channels == other.audio?.channels && sharp9Version == other.sharp9Version
      && reducerVersion == other.reducerVersion && eventCount == other.eventCount
      && lastT == other.lastT
  }
}
