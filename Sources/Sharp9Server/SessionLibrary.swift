import Foundation
import Sharp9Domain
import Sharp9Store

/// The inspector's one door to the event log: every read and change the API makes goes through
/// here, on one open store, so the HTTP layer never sees SQL or a connection.
///
/// An actor because ``EventStore`` belongs to one task at a time. Work that takes seconds
/// (render, verify, check) opens its own store with ``withOwnStore(_:)`` instead of holding this
/// one, so the state of an event keeps answering meanwhile.
public actor SessionLibrary {
  /// The database file.
  public let path: String
  private let store: EventStore
  private var indexes: [UUID: EventIndex] = [:]

  /// Opens (creating if missing) the database at `path`.
  public init(path: String) throws {
    self.path = path
    store = try EventStore(path: path, mode: .createIfMissing)
  }

  /// Runs `body` on this actor's open store.
  public func withStore<Result: Sendable>(_ body: (EventStore) throws -> Result) throws -> Result {
    try body(store)
  }

  /// Runs `body` on a store of its own (for long work), off this actor.
  public nonisolated func withOwnStore<Result: Sendable>(
    _ body: @escaping @Sendable (EventStore) throws -> Result
  ) async throws -> Result {
    let path = path
    return try await Task.detached {
      try body(try EventStore(path: path, mode: .mustExist))
    }.value
  }

  /// The session with the full id or unique prefix `id`, as it is now.
  public func session(_ id: String) throws -> SessionRecord {
    try store.session(matching: id)
  }
}

extension SessionLibrary {
  /// The event index of a session (see ``EventPages/index(of:in:after:start:)``), kept between
  /// calls and extended by the events appended since.
  func eventIndex(_ id: String) throws -> EventIndex {
    let session = try store.session(matching: id)
    var known = indexes[session.id] ?? EventIndex()
    if known.count > session.eventCount { known = EventIndex() }
    if known.count < session.eventCount {
      let (bytes, times, state) = try EventPages.index(
        of: session, in: store, after: known.count, start: known.state)
      known = EventIndex(
        count: session.eventCount, bytes: known.bytes + bytes, times: known.times + times,
        state: state)
      indexes[session.id] = known
    }
    return known
  }
}

/// A session's event index so far and the state after its last event.
struct EventIndex: Sendable {
  var count: Int64 = 0
  var bytes: [UInt8] = []
  var times: [Float] = []
  var state = State()
}
