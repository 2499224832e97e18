import Foundation

/// A serial executor on a thread of its own, for blocking SQLite and replay work.
///
/// Swift's cooperative pool has one thread per core (two on a small machine): a replay that
/// blocks for seconds there makes every other request, down to the page's own scripts, wait
/// behind it. ``SessionLibrary`` runs on one of these instead, and ``run(_:)`` gives long work
/// (render, verify, the event index) a thread of its own.
final class StoreThread: SerialExecutor, @unchecked Sendable {
  // The jobs waiting; guarded by `condition`.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  /// The name of the store thread running the caller, if it is one (Foundation on Linux reports
  /// a thread's own name as the process name, so the name is kept in the thread's dictionary).
  static var currentName: String? { Thread.current.threadDictionary[nameKey] as? String }
  private static let nameKey = "sharp9.storeThread"

  /// Starts the thread, named `name` (seen in a debugger).
  init(name: String) {
    let thread = Thread { [self] in
      Thread.current.threadDictionary[Self.nameKey] = name
      serve()
    }
    thread.name = name
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  private func serve() {
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let batch = jobs
      jobs.removeAll(keepingCapacity: true)
      condition.unlock()
      for job in batch { job.runSynchronously(on: asUnownedSerialExecutor()) }
    }
  }

  /// The name of the threads ``run(_:)`` starts.
  static let workName = "sharp9 work"

  /// Runs `body` on a new thread that ends with it, leaving the cooperative pool free meanwhile.
  static func run<Value: Sendable>(
    _ body: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread {
        Thread.current.threadDictionary[nameKey] = workName
        continuation.resume(with: Result { try body() })
      }
      thread.name = workName
      thread.start()
    }
  }
}
