import Foundation
import Sharp9Audio
import Sharp9Store

/// Renders of sessions, made on first request and kept while the session is unchanged (same event
/// count and end). Two requests for the same render wait for one rendering.
actor RenderCache {
  private let directory: URL
  private var renders: [Key: Task<URL, any Error>] = [:]

  /// What identifies a render: the session as it is now, and the container.
  struct Key: Hashable {
    var session: UUID
    var events: Int64
    var endedAt: Int64?
    var container: AudioContainer
  }

  init(directory: URL) {
    self.directory = directory
  }

  /// The rendered file of `session` in `container`, rendering it if needed.
  func file(
    of session: SessionRecord, container: AudioContainer,
    render: @escaping @Sendable (URL) throws -> Void
  ) async throws -> URL {
    let key = Key(
      session: session.id, events: session.eventCount, endedAt: session.endedAt?.value,
      container: container)
    if let task = renders[key] { return try await task.value }
    for old in renders.keys where old.session == key.session && old.container == container {
      renders[old] = nil
    }
    let name = "\(session.idString)-\(session.eventCount).\(container.rawValue)"
    let target = directory.appending(path: name)
    let directory = directory
    let task = Task.detached {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let partial = directory.appending(path: ".\(UUID().uuidString).\(container.rawValue)")
      defer { try? FileManager.default.removeItem(at: partial) }
      try render(partial)
      _ = try? FileManager.default.removeItem(at: target)
      try FileManager.default.moveItem(at: partial, to: target)
      return target
    }
    renders[key] = task
    do {
      return try await task.value
    } catch {
      renders[key] = nil
      throw error
    }
  }
}
