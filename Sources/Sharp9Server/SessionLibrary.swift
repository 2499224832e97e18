import Foundation
import Sharp9Domain
import Sharp9Store

/// The inspector's one door to the event log: every read and change the API makes goes through
/// here, on one open store, so the HTTP layer never sees SQL or a connection.
///
/// The store is any backend ``StoreLocation`` opens: routes work on the store protocol
/// (``withLog(_:)``, ``withOwnLog(_:)``); what only SQLite has (the practice app's MIDI
/// bindings) goes through ``withStore(_:_:)``, which on another backend answers a 404 saying it
/// is not on this server (``notOnThisBackend(_:)``).
///
/// An actor because a store belongs to one task at a time; it runs on a `JobThread`, so its
/// blocking work never holds one of the cooperative pool's few threads. Work that takes seconds
/// (render, verify, check, the event index) opens its own store on a thread of its own with
/// ``withOwnLog(_:)`` instead of holding this one, so the state of an event keeps answering
/// meanwhile.
///
/// For SQLite, every use first checks that the path still names the file opened
/// (``DatabaseFile``): once the database is moved, deleted or replaced, every route fails alike
/// with ``DatabaseFile/Changed`` until the server is restarted.
public actor SessionLibrary {
  /// Where the store is.
  public nonisolated let location: StoreLocation
  /// The database file, for an SQLite store (nil for a server's store).
  public nonisolated var path: String? { file?.path }
  private let file: DatabaseFile?
  /// The store's open log; nil after a PostgreSQL log failed other than by a refusal (its
  /// connection may be gone, say with a killed server), until the next use opens a new one.
  private var log: (any EventLog)?
  private let thread = JobThread(name: "sharp9 store")
  private nonisolated let uploads = LogPool(capacity: 16)
  private var indexes: [UUID: EventIndex] = [:]
  private var kindIndexes: [UUID: EventIndex] = [:]
  private var kindLoads: [UUID: Task<EventIndex, any Error>] = [:]
  private var indexing: Set<UUID> = []
  private var computed: [String: (head: Int64, value: any Sendable)] = [:]

  /// Runs this actor on its own thread.
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    thread.asUnownedSerialExecutor()
  }

  /// Opens the database at `path`, which must exist (``StoreError/databaseMissing(path:)``).
  public init(path: String) throws {
    try self.init(location: .sqlite(path: path))
  }

  /// Opens the store at `location`; an SQLite file must exist.
  public init(location: StoreLocation) throws {
    self.location = location
    log = try location.open(.mustExist)
    if case .sqlite(let path) = location {
      file = DatabaseFile(path: path)
    } else {
      file = nil
    }
  }

  /// Runs `body` on this actor's open store as the store protocol sees it: what every backend
  /// answers (sessions, their events, the state at an event, deleting one). Routes use this
  /// wherever the protocol covers what they need.
  public func withLog<Result: Sendable>(_ body: (any EventLog) throws -> Result) throws -> Result {
    try file?.check()
    let log = try openLog()
    do {
      return try body(log)
    } catch {
      if case .postgres = location, Self.mayBeBroken(after: error) { self.log = nil }
      throw error
    }
  }

  /// The open log, opened again when the last one was forgotten.
  private func openLog() throws -> any EventLog {
    if let log { return log }
    let opened = try location.open(.mustExist)
    log = opened
    return opened
  }

  /// Whether a PostgreSQL log whose work failed with `error` may have lost its connection (say
  /// to a killed server): anything but a refusal (``StoreError``, ``APIFailure``). Such a log is
  /// not used again; the next use connects anew, so the server recovers once PostgreSQL is back.
  /// (SQLite's one store always stays.)
  private nonisolated static func mayBeBroken(after error: any Error) -> Bool {
    !(error is StoreError || error is APIFailure)
  }

  /// Runs `body` on this actor's open SQLite store, for what only it offers (MIDI bindings); on another
  /// backend, throws ``notOnThisBackend(_:)`` for `what`.
  public func withStore<Result: Sendable>(
    _ what: String, _ body: (EventStore) throws -> Result
  ) throws -> Result {
    try file?.check()
    guard let store = try openLog() as? EventStore else { throw notOnThisBackend(what) }
    return try body(store)
  }

  /// Runs `body` on a store of its own (for long work), on a thread of its own.
  public nonisolated func withOwnLog<Result: Sendable>(
    _ body: @escaping @Sendable (any EventLog) throws -> Result
  ) async throws -> Result {
    try await StoreThread.run { try body(try self.ownLog()) }
  }

  /// A new connection to the store (a new SQLite store on the file), for work on a thread of its
  /// own (a render).
  public nonisolated func ownLog() throws -> any EventLog {
    try file?.check()
    return try location.open(.mustExist)
  }

  /// Runs `body` for a device's upload: on PostgreSQL on a pooled connection of its own, on a
  /// thread of its own, so concurrent uploads commit together; on SQLite, whose writers take
  /// turns anyway, on this actor's store. A log that may be broken (``mayBeBroken(after:)``) is
  /// not kept.
  public nonisolated func withUploadLog<Result: Sendable>(
    _ body: @escaping @Sendable (any EventLog) throws -> Result
  ) async throws -> Result {
    guard case .postgres = location else { return try await withLog(body) }
    return try await StoreThread.run {
      let log = try self.uploads.take() ?? self.location.open(.mustExist)
      do {
        let result = try body(log)
        self.uploads.put(log)
        return result
      } catch {
        if !Self.mayBeBroken(after: error) { self.uploads.put(log) }
        throw error
      }
    }
  }

  /// The answer to a route whose work needs an SQLite store, on a server whose store is another:
  /// a 404 naming `what` (e.g. "bundles") and the backend.
  nonisolated func notOnThisBackend(_ what: String) -> APIFailure {
    APIFailure(
      .notFound,
      "\(what) is not served from this server's \(location.backend.name) store: it needs an"
        + " SQLite store")
  }

  /// `compute(store)` for `session` on a store of its own, kept (under `name`) until the session
  /// has more events: for whole-session work a page asks for each time it opens.
  func cached<Value: Sendable>(
    _ name: String, of session: SessionRecord,
    _ compute: @escaping @Sendable (any EventLog) throws -> Value
  ) async throws -> Value {
    let key = "\(name) \(session.idString)"
    if let kept = computed[key], kept.head == session.eventCount, let value = kept.value as? Value {
      return value
    }
    let value = try await withOwnLog(compute)
    computed[key] = (session.eventCount, value)
    return value
  }

  /// The session with the full id or unique prefix `id`, as it is now.
  public func session(_ id: String) throws -> SessionRecord {
    try withLog { try $0.session(matching: id) }
  }
}

extension SessionLibrary {
  /// The event index of a session (see ``EventPages/index(of:in:after:start:)``), kept between
  /// calls and extended by the events appended since.
  ///
  /// The full index is a replay of every event not indexed yet; until it is done this answers
  /// at once with the kinds and times alone (events decoded, not reduced: no changed bits) and
  /// `complete` false, while the replay runs on a thread of its own.
  func eventIndex(_ id: String) async throws -> (index: EventIndex, complete: Bool) {
    let session = try withLog { try $0.session(matching: id) }
    if let known = indexes[session.id], known.count == session.eventCount {
      return (known, true)
    }
    startIndexing(session)
    if let kinds = kindIndexes[session.id], kinds.count == session.eventCount {
      return (kinds, false)
    }
    // The page asks for the index and the times at once: one decode answers both.
    let load = kindLoads[session.id] ?? decodeKinds(session)
    return (try await load.value, false)
  }

  /// Decodes `session`'s kinds and times after those known, on a thread of its own, and keeps
  /// the result; a second caller awaits the same task instead of decoding again.
  private func decodeKinds(_ session: SessionRecord) -> Task<EventIndex, any Error> {
    let known = kindIndexes[session.id].flatMap { $0.count < session.eventCount ? $0 : nil }
    let after = known?.count ?? 0
    let load = Task {
      defer { kindLoads[session.id] = nil }
      let more = try await withOwnLog { store in
        try EventPages.kinds(of: session, in: store, after: after)
      }
      let kinds = EventIndex(
        count: session.eventCount, bytes: (known?.bytes ?? []) + more.bytes,
        times: (known?.times ?? []) + more.times)
      // Another decode may have gone further meanwhile (a live session): keep the longer one.
      if (kindIndexes[session.id]?.count ?? -1) < kinds.count { kindIndexes[session.id] = kinds }
      return kinds
    }
    kindLoads[session.id] = load
    return load
  }

  /// Starts the full index's replay for `session`'s events not indexed yet, unless one runs.
  private func startIndexing(_ session: SessionRecord) {
    guard !indexing.contains(session.id) else { return }
    indexing.insert(session.id)
    let stored = indexes[session.id] ?? EventIndex()
    let known = stored.count > session.eventCount ? EventIndex() : stored
    Task {
      defer { indexing.remove(session.id) }
      let (bytes, times, state) = try await withOwnLog { store in
        try EventPages.index(of: session, in: store, after: known.count, start: known.state)
      }
      let full = EventIndex(
        count: session.eventCount, bytes: known.bytes + bytes, times: known.times + times,
        state: state)
      if (indexes[session.id]?.count ?? -1) < full.count { indexes[session.id] = full }
      kindIndexes[session.id] = nil
    }
  }
}

/// A session's event index so far and the state after its last event.
struct EventIndex: Sendable {
  var count: Int64 = 0
  var bytes: [UInt8] = []
  var times: [Float] = []
  var state = State()
}
