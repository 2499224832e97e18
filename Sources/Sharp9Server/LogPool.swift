import Foundation
import Sharp9Store

/// Open logs kept for work that may run side by side (devices' uploads), each lent to one thread
/// at a time: a PostgreSQL server commits concurrent transactions together (one WAL flush for
/// many), which one connection behind the library's actor never lets it do.
final class LogPool: @unchecked Sendable {
  // Guarded by `lock`.
  private let lock = NSLock()
  private var idle: [any EventLog] = []
  /// At most this many logs are kept idle (more may be open while busy).
  let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// An idle log, or nil when there is none.
  func take() -> (any EventLog)? {
    lock.lock()
    defer { lock.unlock() }
    return idle.popLast()
  }

  /// Keeps `log` for the next caller (closed when the pool is full).
  func put(_ log: any EventLog) {
    lock.lock()
    defer { lock.unlock() }
    if idle.count < capacity { idle.append(log) }
  }
}
