import Foundation

/// Buffered writing to standard output: long listings go out in 64 KiB writes; ``flush()`` sends
/// what is buffered (the live recorder flushes after every answer line).
struct StandardOutput {
  private var buffer: [UInt8] = []
  private static let capacity = 1 << 16

  init() { buffer.reserveCapacity(Self.capacity) }

  /// Appends text, writing out when the buffer is full.
  mutating func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.capacity { flush() }
  }

  /// Appends a line.
  mutating func line(_ text: String) { write(text + "\n") }

  /// Writes everything buffered.
  mutating func flush() {
    guard !buffer.isEmpty else { return }
    FileHandle.standardOutput.write(Data(buffer))
    buffer.removeAll(keepingCapacity: true)
  }
}
