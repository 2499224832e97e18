import Foundation
import Sharp9Domain
import Sharp9Store

/// `sharp9 push`: sends a device's sessions to a server until the server has acknowledged every
/// event.
///
/// What was acknowledged is asked of the server, not remembered here: for each session its head
/// there (`GET …/sessions/{id}`; a session it does not have is created with `PUT`), then the
/// events after it, in batches cut below ``SyncWire/maxBatchBytes`` (or `batchBytes`). Event ids
/// come from the session and the sequence number (``SyncWire/eventID(session:seq:)``), so a batch
/// sent again after a lost acknowledgement carries the same ids and is acknowledged again, never
/// stored twice; a push interrupted anywhere resumes from the server's head.
public struct SyncPush {
  /// What a push did for one session.
  public struct Result: Sendable, Equatable {
    /// The session.
    public var id: UUID
    /// Events this push sent (0 when the server had them all).
    public var sent: Int64
    /// The server's head afterwards (the device's head).
    public var head: Int64
  }

  /// The connection.
  public var connection: SyncConnection
  /// Batches are cut before their JSON passes this many bytes (at most the server's limit).
  public var batchBytes: Int

  /// A push over `connection`.
  public init(connection: SyncConnection, batchBytes: Int = SyncWire.maxBatchBytes) {
    self.connection = connection
    self.batchBytes = min(max(batchBytes, 1024), SyncWire.maxBatchBytes)
  }

  /// Pushes every session of `log` (those of `only`, when given), reporting each as it is done.
  ///
  /// - Throws: ``SyncFailure`` or the store's error; sessions pushed before stay acknowledged.
  public func push(
    _ log: any EventLog, only: [SessionRecord]? = nil, done: (Result) -> Void = { _ in }
  ) async throws {
    for session in try only ?? log.sessions() {
      done(try await push(session, from: log))
    }
  }

  /// How many times a session's push starts again from the server's new head after a conflict.
  static let conflictRetries = 3

  /// Pushes one session. A conflict (409: the server's head moved past the one a batch follows)
  /// is this device's own earlier push, killed while the server was still storing its last
  /// batch (session ids are the device's, event ids derive from the session and the seq): the
  /// push starts again from the server's new head, after a short wait, up to
  /// ``conflictRetries`` times.
  func push(_ session: SessionRecord, from log: any EventLog) async throws -> Result {
    var sent: Int64 = 0
    var conflicts = 0
    while true {
      do {
        let head = try await push(session, from: log, sent: &sent)
        return Result(id: session.id, sent: sent, head: head)
      } catch SyncFailure.rejected(status: 409, message: _) where conflicts < Self.conflictRetries {
        conflicts += 1
        try await Task.sleep(for: .milliseconds(100 * conflicts))
      }
    }
  }

  /// Pushes one session from the server's head, adding what the server acknowledged to `sent`;
  /// returns the server's head afterwards.
  private func push(_ session: SessionRecord, from log: any EventLog, sent: inout Int64)
    async throws -> Int64
  {
    var head = try await serverHead(of: session)
    guard head <= session.eventCount else {
      throw SyncFailure.diverged(
        session: session.idString, local: session.eventCount, remote: head)
    }
    let encoder = Interchange.encoder()
    let events = try log.events(of: session, after: head, through: session.eventCount)
    var batch: [SyncWire.Event] = []
    var bytes = 0
    // `{"after":…,"events":[…]}`: the envelope, then each event and its comma.
    let envelope = 64
    // Sends the batch, counts what the server acknowledged and moves the head past it.
    func sendBatch() async throws {
      let acknowledged = try await send(batch, after: head, of: session)
      sent += acknowledged - head
      head = acknowledged
      batch.removeAll(keepingCapacity: true)
      bytes = 0
    }
    while let event = try events.next() {
      let wire = SyncWire.Event(
        id: SyncWire.eventID(session: session.id, seq: event.seq), seq: event.seq, t: event.t,
        action: event.action)
      let size = try encoder.encode(wire).count + 1
      if !batch.isEmpty,
        envelope + bytes + size > batchBytes || batch.count >= SyncWire.maxBatchEvents
      {
        try await sendBatch()
      }
      batch.append(wire)
      bytes += size
    }
    if !batch.isEmpty { try await sendBatch() }
    return head
  }

  /// The server's head of `session`, creating the session there when it has none.
  private func serverHead(of session: SessionRecord) async throws -> Int64 {
    let path = "/api/sync/sessions/\(session.idString)"
    let found = try await connection.request("GET", path)
    if found.status != 404 { return try found.decoded(SyncWire.Session.self).events }
    let body = try Interchange.encoder().encode(SyncWire.Session(session))
    let created = try await connection.request("PUT", path, body: body)
    guard created.status != 404 else {
      throw SyncFailure.badAnswer("the server has no sync API (404); is it sharp9 serve?")
    }
    return try created.decoded(SyncWire.Session.self).events
  }

  /// Sends one batch after `head` and returns the head the server acknowledged.
  private func send(_ batch: [SyncWire.Event], after head: Int64, of session: SessionRecord)
    async throws -> Int64
  {
    let body = try Interchange.encoder().encode(SyncWire.Batch(after: head, events: batch))
    let answer = try await connection.request(
      "POST", "/api/sync/sessions/\(session.idString)/events", body: body)
    guard answer.status != 404 else {
      throw SyncFailure.unknownSession(session.idString)
    }
    let appended = try answer.decoded(SyncWire.Appended.self)
    guard appended.head == head + Int64(batch.count) else {
      throw SyncFailure.badAnswer(
        "the server acknowledged head \(appended.head), not \(head + Int64(batch.count))")
    }
    return appended.head
  }
}
