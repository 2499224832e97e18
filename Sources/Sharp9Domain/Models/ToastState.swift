import Foundation

/// A short message shown to the musician until `expiresAt`.
public struct ToastState: Sendable, Equatable, Hashable, Codable {
  /// The text shown.
  public var message: String
  /// When the toast disappears: 2 s after the action that raised it (see ``ToastState/lifetime``).
  public var expiresAt: Date

  /// How long a toast stays up, measured from the time of the action that raised it.
  public static let lifetime: TimeInterval = 2.0

  /// Creates a toast.
  public init(message: String, expiresAt: Date) {
    self.message = message
    self.expiresAt = expiresAt
  }
}
