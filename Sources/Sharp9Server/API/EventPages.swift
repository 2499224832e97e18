import Foundation
import Sharp9Domain
import Sharp9Store
import Sharp9Words

/// Pages of a session's events with what replay says about each: the effects the reducer returned
/// and whether the state changed. A page starts from the nearest checkpoint, never from event 1.
enum EventPages {
  /// At most this many events are read for one page, however few of them match `kinds`.
  static let maxScanned: Int64 = 200_000

  /// Up to `limit` events from `from` on (only those of `kinds`, when given).
  static func page(
    of session: SessionRecord, in store: some EventLog, from: Int64, limit: Int,
    kinds: Set<Action.Kind>?
  ) throws -> [APIShapes.Event] {
    let first = max(1, from)
    guard first <= session.eventCount, limit > 0 else { return [] }
    let replay = try store.replay(session, after: first - 1)
    var previous = replay.state
    var rows: [APIShapes.Event] = []
    while rows.count < limit, let step = try replay.next() {
      defer { previous = step.state }
      if step.seq - first >= maxScanned { break }
      guard kinds?.contains(step.action.kind) ?? true else { continue }
      let action = MarkerIDRebase.rehome(
        step.action, from: session.id, to: SessionScript.unrecordedSessionID)
      rows.append(
        APIShapes.Event(
          seq: step.seq, t: step.t, action: action, effects: step.effects,
          summary: EventText.summary(step.action), changed: step.state != previous))
    }
    return rows
  }

  /// One byte per event `after + 1 ... session.eventCount`: the index of its kind in
  /// `Action.Kind.allCases`, plus ``changedBit`` when it changed the state; and each event's `t`
  /// (so a page can find the event playing at a time). `start` is the state
  /// after event `after`; returns the bytes and the final state, so the index grows as a live
  /// session does without replaying from the start.
  static func index(
    of session: SessionRecord, in store: some EventLog, after: Int64, start: State?
  ) throws -> (bytes: [UInt8], times: [Float], state: State) {
    let replay = try store.replay(session, after: after)
    var previous = start ?? replay.state
    var bytes: [UInt8] = []
    var times: [Float] = []
    bytes.reserveCapacity(Int(max(0, session.eventCount - after)))
    times.reserveCapacity(bytes.capacity)
    while let step = try replay.next() {
      var byte = kindCodes[step.action.kind] ?? 0
      if step.state != previous { byte |= changedBit }
      bytes.append(byte)
      times.append(Float(step.t))
      previous = step.state
    }
    return (bytes, times, previous)
  }

  /// ``index(of:in:after:start:)`` without the changed bits: the events are decoded, not
  /// reduced, so a page can filter by kind and find times long before a replay could finish.
  static func kinds(
    of session: SessionRecord, in log: some EventLog, after: Int64
  ) throws -> (bytes: [UInt8], times: [Float]) {
    let events = try log.events(of: session, after: after, through: nil)
    var bytes: [UInt8] = []
    var times: [Float] = []
    bytes.reserveCapacity(Int(max(0, session.eventCount - after)))
    times.reserveCapacity(bytes.capacity)
    while let event = try events.next() {
      bytes.append(kindCodes[event.action.kind] ?? 0)
      times.append(Float(event.t))
    }
    return (bytes, times)
  }

  /// One byte per event `1...session.eventCount`: 1 when `query` is in the event's summary (what
  /// the list shows, ``EventText/summary(_:)``) or its kind, ignoring case; else 0. Decoded, not
  /// reduced: a summary depends on the action alone.
  static func matches(
    of session: SessionRecord, in log: some EventLog, query: String
  ) throws -> [UInt8] {
    let needle = query.lowercased()
    let events = try log.events(of: session, after: 0, through: nil)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(session.eventCount))
    while let event = try events.next() {
      let found =
        event.action.kind.rawValue.lowercased().contains(needle)
        || EventText.summary(event.action).lowercased().contains(needle)
      bytes.append(found ? 1 : 0)
    }
    return bytes
  }

  /// Set in an index byte when the event changed the state.
  static let changedBit: UInt8 = 0x80

  private static let kindCodes: [Action.Kind: UInt8] = Dictionary(
    uniqueKeysWithValues: Action.Kind.allCases.enumerated().map { ($1, UInt8($0)) })
}
