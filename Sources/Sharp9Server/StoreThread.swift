import Foundation
import Sharp9Store

/// Threads of their own for blocking SQLite and replay work.
///
/// Swift's cooperative pool has one thread per core (two on a small machine): a replay that
/// blocks for seconds there makes every other request, down to the page's own scripts, wait
/// behind it. ``SessionLibrary`` runs on a `JobThread` instead, and ``run(_:)`` gives long work
/// (render, verify, the event index) a thread of its own.
enum StoreThread {
  /// The name of the job thread running the caller, if it is one.
  static var currentName: String? { JobThread.currentName }

  /// The name of the threads ``run(_:)`` starts.
  static let workName = "sharp9 work"

  /// Runs `body` on a new thread that ends with it, leaving the cooperative pool free meanwhile.
  static func run<Value: Sendable>(
    _ body: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread {
        Thread.current.threadDictionary[JobThread.nameKey] = workName
        continuation.resume(with: Result { try body() })
      }
      thread.name = workName
      thread.start()
    }
  }
}
