import Foundation
import Sharp9Domain

@testable import Sharp9Store

/// Where a test's database lives: every store test runs against both.
enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
  case inMemory, onDisk

  var description: String { rawValue }
}

/// A fresh store of a kind, with its temporary directory removed when the fixture goes away.
final class StoreFixture {
  let directory: URL
  let path: String
  let store: EventStore

  init(_ kind: StoreKind, interval: Int64 = 1000) throws {
    directory = FileManager.default.temporaryDirectory.appending(
      path: "sharp9-store-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    path = kind == .inMemory ? ":memory:" : directory.appending(path: "test.sqlite").path
    // NORMAL: these tests are about logic, not fsync (the crash test runs the real recorder).
    store = try EventStore(
      path: path, checkpointPolicy: CheckpointPolicy(interval: interval), synchronous: .normal)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  static let startedAt = Date(timeIntervalSince1970: 1_763_751_600.25)

  func newSession(title: String = "test") throws -> SessionRecord {
    try store.createSession(
      NewSession(title: title, startedAt: Self.startedAt, sharp9Version: "test"))
  }

  /// Records `actions` through a ``Recorder`` into `session` and returns it as stored afterwards.
  func record(_ actions: [(t: Double, action: Action)], into session: SessionRecord) throws
    -> SessionRecord
  {
    let recorder = try Recorder(store: store, session: session)
    for (t, action) in actions { try recorder.send(action, at: t) }
    return try store.session(id: session.id)
  }
}

/// Folds `actions` from scratch in memory, the way replay must (the reference for equality).
func foldFromScratch(
  _ actions: [(t: Double, action: Action)], session: SessionRecord, through count: Int
) -> State {
  foldsFromScratch(Array(actions.prefix(count)), session: session)[count]
}

/// The state after every prefix of `actions` (index 0: the initial state), folded in memory.
func foldsFromScratch(_ actions: [(t: Double, action: Action)], session: SessionRecord) -> [State] {
  var states = [State()]
  var state = State()
  for (index, (t, action)) in actions.enumerated() {
    let context = ActionContext(
      session: session.id, startedAt: session.startedAt.date, sequence: Int64(index + 1), t: t)
    _ = Reducer.reduce(into: &state, action: action, context: context)
    states.append(state)
  }
  return states
}
