import Foundation

/// A task executor on a thread of its own, for the one asynchronous call the synchronous
/// PostgreSQL store makes: postgres-nio's COPY.
///
/// The store blocks its caller's thread until a statement's future completes
/// (``PostgresConnectionBridge``). COPY's API is `async`, so its work needs an executor; on Swift's
/// cooperative pool (two threads on a small machine) it would wait behind callers blocked on
/// COPYs of their own, each holding a pool thread, for ever. Preferring this thread keeps COPY
/// off the pool whatever the caller's thread is.
final class PostgresCopyThread: TaskExecutor, @unchecked Sendable {
  /// The thread every COPY of the process runs on, started on first use.
  static let shared = PostgresCopyThread(name: "sharp9 postgres copy")

  // The jobs waiting; guarded by `condition`.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  private init(name: String) {
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

  private func serve() {
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let batch = jobs
      jobs.removeAll(keepingCapacity: true)
      condition.unlock()
      for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
  }
}
