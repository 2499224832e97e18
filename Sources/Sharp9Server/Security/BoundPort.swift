import Foundation

/// The port the server listens on: the configured one, or the one the system chose for port 0,
/// known once the server runs.
final class BoundPort: @unchecked Sendable {
  // Guarded by `lock`.
  private let lock = NSLock()
  private var port: Int?

  /// `configured`, unless 0 (any free port: unknown until ``set(_:)``).
  init(_ configured: Int) {
    port = configured == 0 ? nil : configured
  }

  /// The port, when known.
  var value: Int? { lock.withLock { port } }

  /// Records the port the server bound.
  func set(_ value: Int) { lock.withLock { port = value } }
}
