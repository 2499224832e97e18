import Foundation
import NIOCore
import PostgresNIO
import Sharp9Domain

/// Where a follower of every session's events is: the last event it read, in commit order.
///
/// Events are ordered by the transaction that wrote them (PostgreSQL's 64-bit `xid8`), then by
/// their `position` within it. A transaction's id is assigned before it commits, so ids alone
/// could pass over a transaction still running; ``PostgresStore/eventsCommitted(after:limit:)``
/// therefore returns only events of transactions below the oldest one still running
/// (`pg_snapshot_xmin`), all of which have ended. An event committed late by a slow writer is
/// never behind a position a follower has already passed.
public struct CommitPosition: Sendable, Hashable, Comparable {
  /// The writing transaction's id (`xid8`, as a number).
  public var transaction: Int64
  /// The event's `position` (drawn from an identity sequence when its row was inserted).
  public var position: Int64

  /// Before every event.
  public static let start = CommitPosition(transaction: 0, position: 0)

  /// Creates a position.
  public init(transaction: Int64, position: Int64) {
    self.transaction = transaction
    self.position = position
  }

  /// Commit order.
  public static func < (lhs: CommitPosition, rhs: CommitPosition) -> Bool {
    (lhs.transaction, lhs.position) < (rhs.transaction, rhs.position)
  }
}

/// An event read by a follower of every session.
public struct CommittedEvent: Sendable, Equatable {
  /// Where it is in commit order: the position to continue after.
  public var position: CommitPosition
  /// The session it belongs to.
  public var session: UUID
  /// Its id, as its writer gave it.
  public var id: UUID
  /// The event.
  public var event: StoredEvent
}

extension PostgresStore {
  /// Up to `limit` events of any session committed after `position`, in commit order (see
  /// ``CommitPosition``): a follower (a live view, a subscriber, a sync) that continues from the
  /// last position it read never skips an event, whatever order concurrent writers commit in.
  /// Events of a transaction still running are held back, with every event after them, until it
  /// ends.
  public func eventsCommitted(after position: CommitPosition, limit: Int = 1000) throws
    -> [CommittedEvent]
  {
    let rows = try connection.query(
      """
      SELECT transaction_id::text::int8, position, session_id, event_id, seq, t, action
      FROM events
      WHERE (transaction_id, position) > (\(String(position.transaction))::xid8, \(position.position))
        AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY transaction_id, position LIMIT \(Int64(max(1, limit)))
      """, "read committed events")
    return try rows.map { row in
      let (transaction, position, session, id, seq, t, bytes) = try row.decode(
        (Int64, Int64, UUID, UUID, Int64, Double, ByteBuffer).self)
      let action: Action
      do throws(ActionCodec.DecodingError) {
        action = try ActionCodec.decode(bytes)
      } catch {
        throw StoreError.corruptEvent(
          session: session.uuidString.lowercased(), seq: seq, reason: error.description)
      }
      return CommittedEvent(
        position: CommitPosition(transaction: transaction, position: position), session: session,
        id: id, event: StoredEvent(seq: seq, t: t, action: action))
    }
  }
}
