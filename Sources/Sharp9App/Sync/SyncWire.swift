import Foundation
import Sharp9Domain
import Sharp9Store

/// The JSON a device and a server exchange to sync sessions (`sharp9 push`, `sharp9 pull`, the
/// server's `/api/sync/` routes), stated once for both sides.
///
/// Routes, each with `Authorization: Bearer TOKEN` (a token from `sharp9 tokens add`):
/// - `GET /api/sync/sessions`: the sessions the token may read, as ``Session`` values.
/// - `GET /api/sync/sessions/{id}`: one, with its head.
/// - `PUT /api/sync/sessions/{id}` with a ``Session``: creates it for the token's device (again:
///   acknowledged when it is the same device's).
/// - `POST /api/sync/sessions/{id}/events` with a ``Batch``: appends idempotently (``Appended``).
/// - `GET /api/sync/sessions/{id}/events?after=N`: the next ``Events`` page.
public enum SyncWire {
  /// The largest body the server accepts for a batch, in bytes: a pusher cuts its batches below.
  public static let maxBatchBytes = 4 << 20
  /// The most events in one batch.
  public static let maxBatchEvents = 10_000
  /// The most events one page of `GET …/events` returns.
  public static let maxPageEvents = 5_000

  /// A session's description and head.
  public struct Session: Codable, Sendable, Equatable {
    /// The session's id.
    public var id: UUID
    /// The title.
    public var title: String
    /// Unix milliseconds.
    public var startedMs: Int64
    /// The recorded audio, if any.
    public var audio: Audio?
    /// The sharp9 version that recorded it.
    public var sharp9Version: String
    /// The reducer version that recorded it.
    public var reducerVersion: String
    /// The head: how many events the server holds (ignored in a `PUT`).
    public var events: Int64
    /// The device it was uploaded from (set by the server, ignored in a `PUT`).
    public var device: String?

    /// The description of `record`.
    public init(_ record: SessionRecord) {
      id = record.id
      title = record.title
      startedMs = record.startedAt.value
      audio = record.audio.map(Audio.init)
      sharp9Version = record.sharp9Version
      reducerVersion = record.reducerVersion
      events = record.eventCount
      device = record.device
    }

    /// What a store creates from it, for `device`.
    public func newSession(device: String?) -> NewSession {
      NewSession(
        title: title, startedAt: UnixMilliseconds(value: startedMs).date,
        audio: audio?.recorded, sharp9Version: sharp9Version, reducerVersion: reducerVersion,
        device: device)
    }
  }

  /// A session's recorded audio: where it was and what it was.
  public struct Audio: Codable, Sendable, Equatable {
    /// Where the file was when recorded.
    public var path: String
    /// Its SHA-256, lower-case hex.
    public var sha256: String?
    /// Its length in frames.
    public var frames: Int64?
    /// Its sample rate.
    public var sampleRate: Int64?
    /// Its channel count.
    public var channels: Int64?

    init(_ audio: RecordedAudio) {
      path = audio.path
      sha256 = audio.sha256
      frames = audio.frames
      sampleRate = audio.sampleRate
      channels = audio.channels
    }

    var recorded: RecordedAudio {
      RecordedAudio(
        path: path, sha256: sha256, frames: frames, sampleRate: sampleRate, channels: channels)
    }
  }

  /// One event of a batch or a page.
  public struct Event: Codable, Sendable, Equatable {
    /// The event's id: the same on every retry (``eventID(session:seq:)``).
    public var id: UUID
    /// Its sequence number in the session.
    public var seq: Int64
    /// Seconds since the session started.
    public var t: Double
    /// What happened.
    public var action: Action

    /// Creates an event.
    public init(id: UUID, seq: Int64, t: Double, action: Action) {
      self.id = id
      self.seq = seq
      self.t = t
      self.action = action
    }
  }

  /// Events to append after the server's head `after`.
  public struct Batch: Codable, Sendable, Equatable {
    /// The server's head the events follow: the first is event `after + 1`.
    public var after: Int64
    /// The events, in order.
    public var events: [Event]

    /// Creates a batch.
    public init(after: Int64, events: [Event]) {
      self.after = after
      self.events = events
    }
  }

  /// What an append did: the head after it, and whether the events were there already (a retry).
  public struct Appended: Codable, Sendable, Equatable {
    /// The session's head on the server after the append.
    public var head: Int64
    /// True when every event was stored already (a retried batch): nothing was stored twice.
    public var alreadyStored: Bool

    /// Creates the answer.
    public init(head: Int64, alreadyStored: Bool) {
      self.head = head
      self.alreadyStored = alreadyStored
    }

    /// The answer for what the store did.
    public init(_ outcome: AppendOutcome) {
      switch outcome {
      case .appended(let head): self.init(head: head, alreadyStored: false)
      case .alreadyStored(let head): self.init(head: head, alreadyStored: true)
      }
    }
  }

  /// A page of a session's events.
  public struct Events: Codable, Sendable, Equatable {
    /// The events, in order.
    public var events: [Event]

    /// Creates a page.
    public init(events: [Event]) { self.events = events }
  }

  /// The id of event `seq` of `session`, the same on every device and every retry
  /// (``NewEvent/derivedID(session:seq:)``): a device's SQLite store keeps no event ids, and a
  /// retried batch must carry the same ones.
  public static func eventID(session: UUID, seq: Int64) -> UUID {
    NewEvent.derivedID(session: session, seq: seq)
  }
}
