import Foundation
import Sharp9Domain

extension SessionBundle {
  /// What importing a bundle did.
  public struct ImportResult: Sendable, Equatable {
    /// The session, as stored in the target.
    public var session: SessionRecord
    /// True when the target already held this session with the same events (nothing was added).
    public var alreadyPresent: Bool
    /// Where the bundled audio was written, when the session's original file was not there.
    public var extractedAudio: String?
  }

  /// Imports the session of the bundle at `path` into `store`, keeping its id; a second import
  /// of the same bundle finds it present and adds nothing.
  ///
  /// When the bundle carries audio and the session's recorded path does not hold those exact
  /// bytes, the audio is written into `audioDirectory` and the imported session points there.
  /// The bundle is untrusted input (see ``BundledAudio``): its audio hash must be the SHA-256 of
  /// its bytes, its name is reduced to one safe file name, and no existing file is replaced. The
  /// session id already present is "already present" only when every column and every event is
  /// the bundle's; any other content is a conflict.
  ///
  /// - Throws: ``BundleError``, ``MigrationError`` (a bundle from a newer sharp9),
  ///   ``StoreError`` (a damaged row) or ``SQLiteError``; the target is unchanged then.
  public static func importBundle(at path: String, into store: EventStore, audioDirectory: URL)
    throws -> ImportResult
  {
    // Opening it as an event store validates its schema (refusing a newer one); its session
    // must verify before anything is copied. The file itself is only read (``BundleFile``).
    let bundle = try BundleFile(path: path)
    defer { withExtendedLifetime(bundle) {} }
    try verifyBundle(at: path, in: bundle.store)
    return try store.database.attach(bundle.attachName, as: "bundle") {
      let id = try manifestSession(in: store.database, path: path)
      // Checked before anything else: a bundle whose audio is not what it claims is refused,
      // even when the session is already here.
      let audio = try bundledAudio(of: id, in: store.database, path: path)
      if let existing = try? store.session(id: id) {
        return ImportResult(
          session: try sameSession(existing, in: store, as: bundle.store),
          alreadyPresent: true, extractedAudio: nil)
      }
      var extracted: (path: String, isNew: Bool)?
      if let audio, let recorded = try recordedAudioPath(of: id, in: store.database),
        !audio.isHeld(at: recorded)
      {
        extracted = try audio.extract(to: audioDirectory)
      }
      do {
        try store.database.transaction {
          try copyRows(of: id, into: store.database, audioPath: extracted?.path)
        }
      } catch {
        // Nothing of a refused import stays behind: a file it wrote goes again.
        if let extracted, extracted.isNew { unlink(extracted.path) }
        throw error
      }
      return ImportResult(
        session: try store.session(id: id), alreadyPresent: false,
        extractedAudio: extracted?.path)
    }
  }

  /// Imports the session of the bundle at `path` as a new session with a new id (for a bundle
  /// whose id conflicts with a different session already in `store`): its actions are stored
  /// again, marker ids re-homed as `fork` does, and new checkpoints are written. Bundled audio is
  /// not extracted; the session keeps the recorded audio path.
  ///
  /// - Throws: ``BundleError``, ``MigrationError``, ``StoreError`` or the target's error; the
  ///   target is unchanged then.
  public static func importBundleAsNewSession(
    at path: String, into store: any EventLog, title: String?, sharp9Version: String
  ) throws -> SessionRecord {
    let file = try BundleFile(path: path)
    defer { withExtendedLifetime(file) {} }
    let bundle = file.store
    try verifyBundle(at: path, in: bundle)
    let id = try manifestSession(in: bundle.database, path: path, schema: "main")
    let session = try bundle.session(id: id)
    let (actions, seqs) = try bundle.scriptedActions(of: session)
    let new = NewSession(
      title: title ?? session.title, startedAt: session.startedAt.date, audio: session.audio,
      sharp9Version: sharp9Version)
    return try store.createSession(new, actions: actions, originalSeqs: seqs, from: session.id)
  }

  /// Refuses a bundle whose session does not replay to its own checkpoints (damaged or edited);
  /// one recorded by another reducer version is accepted, as `verify` reports it.
  static func verifyBundle(at path: String, in bundle: EventStore) throws {
    let id = try manifestSession(in: bundle.database, path: path, schema: "main")
    let report = try bundle.verify(try bundle.session(id: id))
    if let divergence = report.divergence, !report.reducerChanged {
      throw BundleError.failsVerification(path: path, seq: divergence.seq)
    }
  }

  static func manifestSession(
    in database: Database, path: String, schema: String = "bundle"
  ) throws -> UUID {
    let hasManifest = try database.prepare(
      "SELECT count(*) FROM \(schema).sqlite_schema WHERE name = 'bundle_manifest'")
    guard try hasManifest.firstRow({ $0.int64(0) }) == 1 else {
      throw BundleError.notABundle(path: path)
    }
    let select = try database.prepare("SELECT key, value FROM \(schema).bundle_manifest")
    var manifest: [String: String] = [:]
    while try select.step() { manifest[select.text(0) ?? ""] = select.text(1) ?? "" }
    guard manifest["format"] == format else {
      throw BundleError.unsupportedFormat(path: path, format: manifest["format"] ?? "unknown")
    }
    guard let text = manifest["session"], let id = UUID(uuidString: text) else {
      throw BundleError.notABundle(path: path)
    }
    return id
  }

  /// The existing session, if it is the bundled one: every copied column the same (title,
  /// times, audio, versions, event count), the same checkpoint hashes and the same events; else
  /// a conflict.
  private static func sameSession(
    _ existing: SessionRecord, in store: EventStore, as bundle: EventStore
  ) throws -> SessionRecord {
    let database = store.database
    let columns = sessionColumns.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let compare = try database.prepare(
      """
      SELECT b.event_count, \(columns.map { "m.\($0) IS b.\($0)" }.joined(separator: " AND "))
      FROM main.sessions AS m JOIN bundle.sessions AS b ON b.id = m.id WHERE m.id = ?
      """)
    try compare.bind(existing.idString, at: 1)
    let (count, sameColumns) =
      try compare.firstRow { ($0.int64(0), $0.int64(1) == 1) } ?? (-1, false)
    guard sameColumns,
      try checkpointHashes(in: "bundle", pk: bundle.key(of: existing), database)
        == checkpointHashes(in: "main", pk: store.key(of: existing), database),
      try sameEvents(existing, in: store, as: bundle)
    else {
      throw BundleError.conflictingSession(
        id: existing.idString, existingEvents: existing.eventCount, bundledEvents: count)
    }
    return existing
  }

  private static func checkpointHashes(in schema: String, pk: Int64, _ database: Database) throws
    -> [[UInt8]]
  {
    let select = try database.prepare(
      "SELECT state_sha256 FROM \(schema).checkpoints WHERE session_pk = ? ORDER BY seq")
    try select.bind(pk, at: 1)
    var hashes: [[UInt8]] = []
    while try select.step() { hashes.append(select.blob(0)) }
    return hashes
  }

  /// True when the bundle's session holds exactly the events of `existing` (same seq, t, action).
  private static func sameEvents(
    _ existing: SessionRecord, in store: EventStore, as bundle: EventStore
  ) throws -> Bool {
    let bundled = try bundle.session(id: existing.id)
    guard bundled.eventCount == existing.eventCount else { return false }
    let theirs = try bundle.events(of: bundled)
    let ours = try store.events(of: existing)
    while let event = try ours.next() {
      guard try theirs.next() == event else { return false }
    }
    return try theirs.next() == nil
  }

  static func bundledAudio(
    of id: UUID, in database: Database, path: String, schema: String = "bundle"
  ) throws -> BundledAudio? {
    let select = try database.prepare(
      "SELECT name, sha256, bytes FROM \(schema).bundle_audio WHERE session_id = ?")
    try select.bind(id.uuidString.lowercased(), at: 1)
    guard
      let (name, sha256, bytes) = try select.firstRow({ row in
        (row.text(0), row.text(1), row.withBlob(2) { Data($0) })
      })
    else { return nil }
    return try BundledAudio(untrustedName: name, sha256: sha256, bytes: bytes, bundle: path)
  }

  private static func recordedAudioPath(of id: UUID, in database: Database) throws -> String? {
    let select = try database.prepare("SELECT audio_path FROM bundle.sessions WHERE id = ?")
    try select.bind(id.uuidString.lowercased(), at: 1)
    return try select.firstRow { $0.text(0) } ?? nil
  }

  private static func copyRows(of id: UUID, into database: Database, audioPath: String?) throws {
    let session = try database.prepare(
      """
      INSERT INTO main.sessions (\(sessionColumns))
      SELECT \(sessionColumns) FROM bundle.sessions WHERE id = ?
      """)
    try session.bind(id.uuidString.lowercased(), at: 1)
    try session.run()
    let idText = id.uuidString.lowercased()
    let pks = try database.prepare(
      """
      SELECT (SELECT pk FROM main.sessions WHERE id = ?1), (SELECT pk FROM bundle.sessions
      WHERE id = ?1)
      """)
    try pks.bind(idText, at: 1)
    guard let (localPK, bundlePK) = try pks.firstRow({ ($0.int64(0), $0.int64(1)) }) else { return }
    for sql in [
      """
      INSERT INTO main.event_chunks (session_pk, first_seq, count, events)
      SELECT ?1, first_seq, count, events FROM bundle.event_chunks WHERE session_pk = ?2
      """,
      """
      INSERT INTO main.checkpoints (session_pk, seq, reducer_version, state, state_sha256)
      SELECT ?1, seq, reducer_version, state, state_sha256 FROM bundle.checkpoints
      WHERE session_pk = ?2
      """,
    ] {
      let copy = try database.prepare(sql)
      try copy.bind(localPK, at: 1)
      try copy.bind(bundlePK, at: 2)
      try copy.run()
    }
    if let audioPath {
      // Where the audio is found, not what the session recorded: `export` still writes the
      // reporter's path, and `render` finds the extracted copy.
      let update = try database.prepare(
        "UPDATE main.sessions SET audio_located_path = ? WHERE pk = ?")
      try update.bind(audioPath, at: 1)
      try update.bind(localPK, at: 2)
      try update.run()
    }
  }
}
