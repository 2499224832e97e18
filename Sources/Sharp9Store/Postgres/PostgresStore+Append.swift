import Foundation
import NIOCore
import PostgresNIO
import Sharp9Domain

extension PostgresStore {
  /// Appends `events` to `session` when its head is `head`, idempotently by event id
  /// (EventStoreDB's rules): a batch whose events are all stored already, in order, right after
  /// `head` is acknowledged again (``AppendOutcome/alreadyStored(head:)``); one that overlaps
  /// stored events only partly, or finds another head, is a conflict.
  ///
  /// Large batches go out in statements of ``eventsPerStatement`` events inside one transaction
  /// (all or nothing); checkpoints are written as the ``checkpointPolicy`` says, and the last
  /// state is checkpointed.
  ///
  /// - Throws: ``StoreError/conflict(session:expected:actual:)``,
  ///   ``StoreError/invalidTime(seq:t:previous:)``, ``StoreError/sessionNotFound(_:)`` or
  ///   ``PostgresError``; nothing is stored then.
  public func append(_ events: [NewEvent], to session: SessionRecord, expecting head: Int64)
    throws -> AppendOutcome
  {
    let current = try self.session(id: session.id)
    guard current.eventCount == head else {
      return try refusedAppend(of: events.map(\.id), to: current, expecting: head, firstT: nil)
    }
    var pending = try pendingAppend(to: current)
    let stored: Bool
    do {
      stored = try connection.transaction("append to session \(session.idString)") {
        try store(events, through: &pending)
      }
    } catch is DuplicateEventID {
      stored = false
    }
    guard stored else {
      return try refusedAppend(
        of: events.map(\.id), to: current, expecting: head, firstT: events.first?.t)
    }
    return .appended(head: pending.head)
  }

  /// Adds `events` to `pending` and stores them in statements of ``eventsPerStatement``, the
  /// last state checkpointed, inside the caller's transaction; `false` when the head moved.
  func store(_ events: [NewEvent], through pending: inout PostgresPendingAppend) throws -> Bool {
    if events.count >= eventsPerCopy { return try copy(events, through: &pending) }
    for event in events {
      _ = try pending.add(event.action, at: event.t, id: event.id)
      if pending.ids.count >= eventsPerStatement {
        guard try appendStatement(pending) else { return false }
        pending.markStored()
      }
    }
    try pending.checkpointHead()
    return try appendStatement(pending)
  }

  /// A pending append continuing `session` from its stored head (its state rebuilt from the
  /// nearest checkpoint).
  func pendingAppend(to session: SessionRecord) throws -> PostgresPendingAppend {
    let last = try connection.query(
      """
      SELECT seq, length(state) FROM checkpoints WHERE session_id = \(session.id)
      ORDER BY seq DESC LIMIT 1
      """, "read the last checkpoint of session \(session.idString)"
    ).first.map { try $0.decode((Int64, Int32).self) }
    return PostgresPendingAppend(
      session: session, state: try state(of: session), head: session.eventCount,
      lastT: session.lastT,
      lastCheckpoint: last.map { CheckpointPolicy.Previous(seq: $0.0, bytes: Int($0.1)) },
      policy: checkpointPolicy, codec: stateCodec)
  }

  /// Stores `pending`'s events and checkpoints in one statement, if the session's head is still
  /// the one they follow: the compare-and-set of the head, the event rows and the checkpoints
  /// are one statement, so there is no moment when one is stored without the others.
  ///
  /// The `UPDATE` takes the session row's lock: concurrent writers at one head queue on it, and
  /// each one after the first re-checks `event_count` once the first commits, finds it moved, and
  /// inserts nothing, so it draws no `position` either. A batch holding an event id that is
  /// already stored anywhere inserts nothing (the caller then decides between an
  /// acknowledgement and a conflict).
  ///
  /// - Returns: whether the head matched and the rows were stored.
  func appendStatement(_ pending: PostgresPendingAppend) throws -> Bool {
    let rows = try connection.query(
      """
      WITH head AS (
        UPDATE sessions SET event_count = \(pending.head), last_t = \(pending.lastT)
        WHERE id = \(pending.session.id) AND event_count = \(pending.expectedHead)
          AND last_t <= \(pending.times.first ?? pending.storedLastT)
          AND NOT EXISTS (SELECT 1 FROM events WHERE event_id = ANY(\(pending.ids)::uuid[]))
        RETURNING id
      ), appended AS (
        INSERT INTO events (session_id, seq, event_id, t, action)
        SELECT head.id, \(pending.expectedHead) + e.n, e.event_id, e.t, e.action
        FROM head, unnest(\(pending.ids)::uuid[], \(pending.times)::float8[],
          \(pending.actions)::bytea[]) WITH ORDINALITY AS e (event_id, t, action, n)
        RETURNING 1
      ), checkpointed AS (
        INSERT INTO checkpoints (session_id, seq, reducer_version, state, state_sha256)
        SELECT head.id, c.seq, \(Reducer.version), c.state, c.sha256
        FROM head, unnest(\(pending.checkpointSeqs)::int8[], \(pending.checkpointStates)::bytea[],
          \(pending.checkpointHashes)::bytea[]) AS c (seq, state, sha256)
        ON CONFLICT (session_id, seq) DO UPDATE SET reducer_version = excluded.reducer_version,
          state = excluded.state, state_sha256 = excluded.state_sha256
        RETURNING 1
      )
      SELECT count(*) FROM head
      """, "append to session \(pending.session.idString)")
    return try rows.first?.decode(Int64.self) == 1
  }

  /// Why an append of `ids` at `head` stored nothing: every id already stored in order right
  /// after `head` is a retry (acknowledged); otherwise a conflict, or the first event's time when
  /// the head did match. An id derived from the session and seq (``NewEvent/DerivedIDs``)
  /// matches the one an earlier version derived for the same event.
  func refusedAppend(
    of ids: [UUID], to session: SessionRecord, expecting head: Int64, firstT: Double?
  ) throws -> AppendOutcome {
    let operation = "check a refused append to session \(session.idString)"
    let current = try self.session(id: session.id)
    let end = head + Int64(ids.count)
    if !ids.isEmpty, head >= 0, current.eventCount >= end {
      let stored = try connection.query(
        """
        SELECT seq, event_id FROM events
        WHERE session_id = \(session.id) AND seq > \(head) AND seq <= \(end) ORDER BY seq
        """, operation
      ).map { try $0.decode((Int64, UUID).self) }
      let isRetry =
        stored.count == ids.count
        && zip(stored, ids).allSatisfy { row, id in
          row.1 == id
            || (NewEvent.isDerivedID(row.1, session: session.id, seq: row.0)
              && NewEvent.isDerivedID(id, session: session.id, seq: row.0))
        }
      if isRetry { return .alreadyStored(head: end) }
    }
    if current.eventCount == head, let firstT,
      try connection.query(
        "SELECT 1 FROM events WHERE event_id = ANY(\(ids)::uuid[]) LIMIT 1", operation
      ).first == nil
    {
      throw StoreError.invalidTime(seq: head + 1, t: firstT, previous: current.lastT)
    }
    throw StoreError.conflict(session: session.idString, expected: head, actual: current.eventCount)
  }
}

extension PostgresStore {
  /// Stores `events` (a bulk append or an import) with `COPY … FROM STDIN`, PostgreSQL's bulk
  /// path, inside the caller's transaction; `false` when the head moved. The rows stream to the
  /// server as the events are reduced and encoded (``PostgresConnectionBridge/copy(into:columns:_:produce:)``).
  ///
  /// The same guarantees as ``appendStatement(_:)`` in three steps of one transaction: the
  /// session row is locked where the head is still the expected one (a concurrent writer
  /// queues on the lock, then finds the head moved and stores nothing, drawing no `position`),
  /// the rows are streamed, and the head moves and the checkpoints are written. An event id
  /// stored already fails the COPY on the unique index, which ``append(_:to:expecting:)``
  /// answers as for the statement (a retry or a conflict).
  func copy(_ events: [NewEvent], through pending: inout PostgresPendingAppend) throws -> Bool {
    let operation = "append to session \(pending.session.idString)"
    let locked = try connection.query(
      """
      SELECT 1 FROM sessions
      WHERE id = \(pending.session.id) AND event_count = \(pending.expectedHead)
        AND last_t <= \(events.first?.t ?? pending.lastT)
      FOR UPDATE
      """, operation)
    guard locked.first != nil else { return false }
    do {
      try connection.copy(into: "events", columns: PostgresCopyRows.columns, operation) { send in
        var rows = PostgresCopyRows(session: pending.session.id, send: send)
        for event in events {
          let action = try pending.addCopied(event.action, at: event.t)
          rows.add(seq: pending.head, id: event.id, t: event.t, action: action)
        }
        rows.finish()
      }
    } catch let error as PostgresError where error.isUniqueViolation {
      throw DuplicateEventID()
    }
    try pending.checkpointHead()
    return try appendStatement(pending)
  }

  /// A COPY met an event id that is stored already: the transaction is aborted, and the caller
  /// decides between a retry's acknowledgement and a conflict once it is rolled back.
  struct DuplicateEventID: Error {}
}
