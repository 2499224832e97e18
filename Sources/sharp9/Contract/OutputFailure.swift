import Foundation

/// Standard output or standard error could not take a write (disk full, closed pipe, closed
/// descriptor): exit status 74.
///
/// When the command had already changed the database (`import`, `fork`, `record`), it adds
/// ``committed`` so the report says what was kept (the new session's id, on standard error), and a
/// retry does not duplicate the session.
struct OutputFailure: Error, Sendable {
  /// The stream that failed.
  var stream: StandardStream
  /// The `errno` of the failed write.
  var errno: Int32
  /// What the command had already done, for the report, e.g. "session 3F2A… was stored".
  var committed: String?

  /// The same failure, noting what had already been done.
  func after(_ committed: String) -> OutputFailure {
    var copy = self
    copy.committed = committed
    return copy
  }

  /// True for EPIPE: the reader went away (`sharp9 log ID | head`), which is not worth a message
  /// unless something was committed.
  var isClosedPipe: Bool { errno == EPIPE }

  /// The system's words for ``errno``, e.g. "No space left on device".
  var reason: String { String(cString: strerror(errno)) }
}
