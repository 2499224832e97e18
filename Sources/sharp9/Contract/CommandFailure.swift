/// A failure a command reports itself: one line on standard error,
/// `sharp9: error: <what failed>: <why>. <what to do>`, and an exit status from sysexits.h.
///
/// Commands throw this for failures they detect; library errors are thrown as they are and worded
/// by ``ErrorReport``. Either way the report is written once, by ``Sharp9Command/main()``.
///
/// ```swift
/// throw CommandFailure(.noInput, "cannot read take.jsonl: no such file. Check the path.")
/// ```
struct CommandFailure: Error, CustomStringConvertible {
  /// The exit status.
  var status: ExitStatus
  /// What failed, why and what to do, without the `sharp9: error: ` prefix.
  var message: String

  /// A failure with `status` and `message`.
  init(_ status: ExitStatus, _ message: String) {
    self.status = status
    self.message = message
  }

  var description: String { message }
}
