/// Buffered writing to standard output: long listings go out in 64 KiB writes; ``flush()`` sends
/// what is buffered (the live recorder flushes after every answer line).
///
/// Every command ends with `try output.flush()`: a lost write is an ``OutputFailure`` (exit 74),
/// never a trap and never a silent success.
struct StandardOutput {
  private var buffer: [UInt8] = []
  private static let capacity = 1 << 16
  /// The first failed write: later writes are dropped and ``flush()`` throws it.
  private var failure: OutputFailure?

  init() { buffer.reserveCapacity(Self.capacity) }

  /// Appends text, writing out when the buffer is full. A failed write is kept and thrown by
  /// the next ``flush()``, so writers in closures that cannot throw lose nothing silently.
  mutating func write(_ text: String) {
    guard failure == nil else { return }
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.capacity { send() }
  }

  /// Appends a line.
  mutating func line(_ text: String) { write(text + "\n") }

  /// Writes everything buffered.
  ///
  /// - Throws: ``OutputFailure`` when standard output did not take all of it (now or earlier).
  mutating func flush() throws(OutputFailure) {
    send()
    if let failure { throw failure }
  }

  private mutating func send() {
    guard failure == nil, !buffer.isEmpty else { return }
    do {
      try StandardStream.output.write(buffer)
    } catch {
      failure = error
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
