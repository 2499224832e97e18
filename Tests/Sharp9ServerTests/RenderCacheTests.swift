import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Sharp9Audio
import Sharp9Store
import Testing

@testable import Sharp9Server

/// Issue 21, S3: the render cache is bounded by count and bytes, deletes what it drops and what
/// a newer render supersedes, and the work folder goes when the server stops.
@Suite struct RenderCacheTests {
  @Test func theCacheKeepsAtMostItsLimitsAndDeletesWhatItDrops() async throws {
    let fixture = try await InspectorFixture()
    let store = try EventStore(path: fixture.database, mode: .mustExist)
    let original = try store.session(matching: fixture.id)
    let sessions = try (1...5).map {
      try store.fork(original, at: Int64($0 + 2), sharp9Version: "t")
    }
    let directory = fixture.directory.appending(path: "cache")
    let cache = RenderCache(directory: directory, limits: .init(count: 3, bytes: 2_500))
    for (index, session) in sessions.enumerated() {
      let opened = try await cache.file(of: session, container: .wav) { url in
        try Data(repeating: UInt8(index), count: 1_000).write(to: url)
      }
      // The answer in hand reads whole whatever the cache drops meanwhile.
      try opened.handle.seek(toOffset: 0)
      #expect(try opened.handle.readToEnd()?.count == 1_000)
      #expect(opened.size == 1_000)
      let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(files.count <= 2, "\(files)")  // 2 of 1000 bytes fit in 2500
      #expect(Set(files) == Set(await cache.files.map(\.lastPathComponent)))
    }
    let count = RenderCache(directory: directory, limits: .init(count: 2, bytes: 1 << 30))
    for (index, session) in sessions.enumerated() {
      _ = try await count.file(of: session, container: .flac) { url in
        try Data(repeating: UInt8(index), count: 10).write(to: url)
      }
      #expect(await count.files.count <= 2)
    }
    let flacs = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.hasSuffix(".flac")
    }
    #expect(flacs.count == 2)
  }

  @Test func aSupersededRenderIsDeleted() async throws {
    let fixture = try await InspectorFixture()
    let id = fixture.id
    let database = fixture.database
    let renders = fixture.directory.appending(path: "work/renders")
    try await fixture.test { client in
      for step in 0..<3 {
        let response = try await client.execute(uri: "/api/sessions/\(id)/render.wav", method: .get)
        #expect(response.status == .ok)
        let files = try FileManager.default.contentsOfDirectory(atPath: renders.path)
        #expect(files.count == 1, "after render \(step): \(files)")
        let store = try EventStore(path: database, mode: .mustExist)
        let recorder = try Recorder(store: store, session: try store.session(matching: id))
        _ = try recorder.send(.togglePlay, at: Double(4 + 2 * step))
      }
    }
  }

  @Test func everyCallerOfARenderSupersededWhileItRanReadsItThenItIsDeleted() async throws {
    let fixture = try await InspectorFixture()
    let store = try EventStore(path: fixture.database, mode: .mustExist)
    let before = try store.session(matching: fixture.id)
    let recorder = try Recorder(store: store, session: before)
    _ = try recorder.send(.togglePlay, at: 4)
    let after = try store.session(matching: fixture.id)
    let directory = fixture.directory.appending(path: "cache")
    let cache = RenderCache(directory: directory)
    let gate = Gate()
    let slow: @Sendable (URL) throws -> Void = { url in
      while !gate.isOpen { Thread.sleep(forTimeInterval: 0.01) }
      try Data(repeating: 1, count: 500).write(to: url)
    }
    // The first caller starts the render, five more wait for it.
    let callers = (0..<6).map { _ in
      Task { try await cache.file(of: before, container: .wav, render: slow) }
    }
    try await Task.sleep(for: .milliseconds(200))
    let newer = try await cache.file(of: after, container: .wav) { url in
      try Data(repeating: 2, count: 700).write(to: url)
    }
    #expect(newer.size == 700)
    gate.open()
    for caller in callers {
      let opened = try await caller.value
      try opened.handle.seek(toOffset: 0)
      #expect(try opened.handle.readToEnd() == Data(repeating: 1, count: 500))
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(files == ["\(after.idString)-\(after.eventCount).wav"])
  }
}

/// A flag one task opens and a render polls.
final class Gate: @unchecked Sendable {
  private let lock = NSLock()
  private var opened = false
  var isOpen: Bool { lock.withLock { opened } }
  func open() { lock.withLock { opened = true } }
}
