import Foundation

/// A thread of its own that runs Swift concurrency jobs, as an actor's serial executor or as a
/// task's preferred executor: for work that blocks (SQLite, a PostgreSQL round trip, a replay),
/// which must not hold one of the cooperative pool's few threads (two on a small machine).
///
/// The server's ``SessionLibrary`` actor runs on one; the PostgreSQL store's COPY runs its async
/// calls on another, so callers blocked on their COPYs cannot starve the pool it would need.
public final class JobThread: SerialExecutor, TaskExecutor, @unchecked Sendable {
  // The jobs waiting; guarded by `condition`.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []

  /// The name of the job thread running the caller, if it is one (Foundation on Linux reports a
  /// thread's own name as the process name, so the name is kept in the thread's dictionary).
  public static var currentName: String? { Thread.current.threadDictionary[nameKey] as? String }
  /// The thread dictionary's key for ``currentName``.
  public static let nameKey = "sharp9.jobThread"

  /// Starts the thread, named `name` (seen in a debugger and in ``currentName``).
  public init(name: String) {
    let thread = Thread { [self] in
      Thread.current.threadDictionary[Self.nameKey] = name
      serve()
    }
    thread.name = name
    thread.start()
  }

  /// Queues `job` to run on this thread.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// This thread as an actor's executor.
  public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  private func serve() {
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let batch = jobs
      jobs.removeAll(keepingCapacity: true)
      condition.unlock()
      for job in batch {
        job.runSynchronously(
          isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
      }
    }
  }
}
