// The PostgreSQL store benchmark's driver (scripts/bench-store-postgres.sh runs it): imports a
// session script into SQLite and into PostgreSQL (`importScript`, what `sharp9 import` runs:
// parse, reduce, encode, store, one transaction each; the PostgreSQL session is titled
// "bench import"), appends the same events as one ready batch with ids of their own to another
// PostgreSQL session (`PostgresStore.append`, as an upload's batch is stored), then replays that
// session from both stores (every event decoded and folded through the reducer). Prints one line
// per measurement: `NAME EVENTS SECONDS`, the state at the last event and at 1000 seeded random
// events from PostgreSQL last.
//
//   sharp9-bench-store-postgres SCRIPT.jsonl SQLITE_PATH POSTGRES_URL
import Foundation
import Sharp9Domain
import Sharp9Store

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
  FileHandle.standardError.write(
    Data("usage: sharp9-bench-store-postgres SCRIPT.jsonl SQLITE_PATH POSTGRES_URL\n".utf8))
  exit(64)
}

/// Runs `body` and prints its time.
func measure<Result>(_ name: String, events: Int, _ body: () throws -> Result) rethrows -> Result {
  let start = ContinuousClock.now
  let result = try body()
  let seconds = (ContinuousClock.now - start) / .seconds(1)
  print(name, events, seconds)
  return result
}

do {
  let script = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
  let sqlite = try EventStore(path: arguments[2])
  let session = try measure("sqlite-import", events: 0) {
    try sqlite.importScript(script, title: nil, defaultTitle: "bench", sharp9Version: "bench")
  }
  let count = Int(session.eventCount)
  print("events", count, 0)

  // The same events, as decoded from SQLite (marker ids already re-homed to the session's id,
  // which the PostgreSQL session shares).
  var events: [NewEvent] = []
  events.reserveCapacity(count)
  let cursor = try sqlite.events(of: session)
  while let event = try cursor.next() {
    events.append(NewEvent(id: UUID(), t: event.t, action: event.action))
  }

  let postgres = try PostgresStore(location: PostgresLocation(url: arguments[3]))
  _ = try measure("postgres-import", events: count) {
    try postgres.importScript(
      script, title: "bench import", defaultTitle: "bench", sharp9Version: "bench",
      audio: { _ in nil }, progress: { _ in })
  }
  let new = NewSession(
    title: session.title, startedAt: session.startedAt.date, sharp9Version: "bench",
    reducerVersion: session.reducerVersion)
  let pgSession = try postgres.createSession(new, id: session.id)
  _ = try measure("postgres-append", events: count) {
    try postgres.append(events, to: pgSession, expecting: 0)
  }

  let sqliteState = try measure("sqlite-replay", events: count) {
    try sqlite.replay(session).finalState()
  }
  let stored = try postgres.session(id: session.id)
  // Both through the protocol's replay, the same fold on either backend.
  let postgresState = try measure("postgres-replay", events: count) {
    try postgres.replay(stored).finalState()
  }
  guard sqliteState == postgresState else {
    FileHandle.standardError.write(Data("the two replays differ\n".utf8))
    exit(70)
  }
  _ = try measure("postgres-state-at-last", events: count) { try postgres.state(of: stored) }

  // The state at 1000 seeded random events (the store's part of the inspector's `state?at=`:
  // the nearest checkpoint read and decoded, the events after it folded), p50 and p99.
  var random = SplitMix64(seed: 2026)
  var times: [Double] = []
  for _ in 0..<1000 {
    let seq = Int64(random.next() % UInt64(count)) + 1
    let start = ContinuousClock.now
    _ = try postgres.state(of: stored, at: seq)
    times.append((ContinuousClock.now - start) / .seconds(1))
  }
  times.sort()
  print("postgres-state-at-random-p50", count, times[499])
  print("postgres-state-at-random-p99", count, times[989])
} catch {
  FileHandle.standardError.write(Data("sharp9-bench-store-postgres: error: \(error)\n".utf8))
  exit(70)
}
