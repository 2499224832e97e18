import Foundation
import Sharp9Domain

/// An event to append with the id its writer gave it: a retried append is recognized by its ids.
public struct NewEvent: Sendable, Equatable {
  /// The event's id, chosen once by the writer and sent again on every retry.
  public var id: UUID
  /// Seconds since the session started.
  public var t: Double
  /// What happened.
  public var action: Action

  /// Creates an event to append.
  public init(id: UUID, t: Double, action: Action) {
    self.id = id
    self.t = t
    self.action = action
  }
}

/// What an idempotent append did.
public enum AppendOutcome: Sendable, Equatable {
  /// The events were stored; the session's head is now `head`.
  case appended(head: Int64)
  /// Every event was already stored, in this order, right after the expected head (a retry
  /// after a lost acknowledgement): acknowledged again, nothing stored twice.
  case alreadyStored(head: Int64)
}
