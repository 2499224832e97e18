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

  /// Starts the thread, named `name` (seen in a debugger).
  init(name: String) {
    let thread = Thread { [self] in serve() }
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

  /// Runs `body` on a new thread that ends with it, leaving the cooperative pool free meanwhile.
  static func run<Value: Sendable>(
    _ body: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread { continuation.resume(with: Result { try body() }) }
      thread.name = "sharp9 work"
      thread.start()
    }
  }
}
