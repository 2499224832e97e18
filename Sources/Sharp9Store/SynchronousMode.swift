/// How hard a commit waits for the disk (SQLite's `PRAGMA synchronous`, in WAL mode).
public enum SynchronousMode: String, Sendable, CaseIterable {
  /// Every commit fsyncs the write-ahead log before it returns: a returned append survives a
  /// killed process, an OS crash and a power loss (on a disk that honors flushes). The default;
  /// costs one fsync per transaction (about 270 transactions/s on the benchmark machine's disk).
  case full
  /// Commits reach the OS without an fsync (the WAL is synced at checkpoints): a returned append
  /// survives a killed process (`kill -9`), but the last commits may be lost if the OS crashes or
  /// power fails. Tens of thousands of transactions per second.
  case normal
}
