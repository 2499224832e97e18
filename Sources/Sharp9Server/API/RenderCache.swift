import Foundation
import Sharp9Audio
import Sharp9Store

/// Renders of sessions, made on first request and kept while the session is unchanged (same event
/// count and end). Two requests for the same render wait for one rendering.
///
/// Bounded: at most ``Limits/count`` renders and ``Limits/bytes`` bytes are kept (the least
/// recently used go first, never the one just asked for), and a render superseded by a newer one
/// of the same session and container is dropped; a dropped render's file is deleted at once.
/// Callers get an open handle, not a path, so deleting a file never breaks an answer in progress.
actor RenderCache {
  /// How much the cache keeps.
  struct Limits {
    /// Renders kept at most.
    var count = 8
    /// Bytes kept at most (the newest render is kept even when larger on its own).
    var bytes: Int64 = 2 << 30
  }

  private let directory: URL
  private let limits: Limits
  private var renders: [Key: Task<URL, any Error>] = [:]
  private var kept: [Key: Kept] = [:]
  private var waiting: [Task<URL, any Error>: Int] = [:]
  private var clock: UInt64 = 0

  /// What identifies a render: the session as it is now, and the container.
  struct Key: Hashable {
    var session: UUID
    var events: Int64
    var endedAt: Int64?
    var container: AudioContainer
  }

  /// A finished render: its file, size and when it was last asked for.
  private struct Kept {
    var file: URL
    var bytes: Int64
    var used: UInt64
  }

  init(directory: URL, limits: Limits = Limits()) {
    self.directory = directory
    self.limits = limits
  }

  /// The rendered file of `session` in `container`, rendering it if needed: an open handle and
  /// the file's size.
  func file(
    of session: SessionRecord, container: AudioContainer,
    render: @escaping @Sendable (URL) throws -> Void
  ) async throws -> (handle: FileHandle, size: Int64) {
    let key = Key(
      session: session.id, events: session.eventCount, endedAt: session.endedAt?.value,
      container: container)
    clock += 1
    let task: Task<URL, any Error>
    if let running = renders[key] {
      task = running
    } else {
      for old in renders.keys where old.session == key.session && old.container == container {
        drop(old)
      }
      task = start(key, session: session, render: render)
      renders[key] = task
    }
    waiting[task, default: 0] += 1
    let url: URL
    let opened: (handle: FileHandle, size: Int64)
    do {
      url = try await task.value
      opened = try Self.open(url)
    } catch {
      if renders[key] == task { renders[key] = nil }
      doneWaiting(for: task, file: nil)
      throw error
    }
    if renders[key] == task {
      if kept[key] == nil {
        kept[key] = Kept(file: url, bytes: opened.size, used: clock)
        evict(sparing: key)
      } else {
        kept[key]?.used = clock
      }
    }
    doneWaiting(for: task, file: url)
    return opened
  }

  /// One caller of `task` has its handle (or its error). A render dropped meanwhile (superseded
  /// or evicted) keeps its file until its last caller has opened it; that caller deletes it.
  private func doneWaiting(for task: Task<URL, any Error>, file: URL?) {
    let left = (waiting[task] ?? 1) - 1
    waiting[task] = left > 0 ? left : nil
    if left <= 0, let file, !renders.values.contains(task) {
      try? FileManager.default.removeItem(at: file)
    }
  }

  /// The files kept now (for tests).
  var files: [URL] { kept.values.map(\.file) }

  private func start(
    _ key: Key, session: SessionRecord, render: @escaping @Sendable (URL) throws -> Void
  ) -> Task<URL, any Error> {
    let name = "\(session.idString)-\(session.eventCount).\(key.container.rawValue)"
    let target = directory.appending(path: name)
    let directory = directory
    // The render runs on a thread of its own: it is long CPU work, and on the pool that runs
    // every task (two threads on a 2-core machine) two renders at once would stall every route.
    return Task.detached {
      try await withCheckedThrowingContinuation { (done: CheckedContinuation<URL, any Error>) in
        Thread {
          done.resume(
            with: Result {
              try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
              let partial = directory.appending(
                path: ".\(UUID().uuidString).\(key.container.rawValue)")
              defer { try? FileManager.default.removeItem(at: partial) }
              try render(partial)
              _ = try? FileManager.default.removeItem(at: target)
              try FileManager.default.moveItem(at: partial, to: target)
              return target
            })
        }.start()
      }
    }
  }

  /// Forgets `key` and deletes its file, if it was made and no caller still waits to open it
  /// (the last one deletes it then, ``doneWaiting(for:file:)``).
  private func drop(_ key: Key) {
    let task = renders.removeValue(forKey: key)
    if let gone = kept.removeValue(forKey: key), task.map({ waiting[$0] == nil }) ?? true {
      try? FileManager.default.removeItem(at: gone.file)
    }
  }

  /// Drops the least recently used renders until the limits hold, `key` last of all.
  private func evict(sparing key: Key) {
    var total = kept.values.reduce(Int64(0)) { $0 + $1.bytes }
    let oldestFirst = kept.filter { $0.key != key }.sorted { $0.value.used < $1.value.used }
    for (old, render) in oldestFirst where kept.count > limits.count || total > limits.bytes {
      drop(old)
      total -= render.bytes
    }
  }

  private static func open(_ url: URL) throws -> (handle: FileHandle, size: Int64) {
    let handle = try FileHandle(forReadingFrom: url)
    let size = try handle.seekToEnd()
    return (handle, Int64(clamping: size))
  }
}
