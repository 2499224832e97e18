import Foundation

/// A short message shown to the musician until `expiresAt`.
public struct ToastState: Sendable, Equatable, Hashable, Codable {
  /// The text shown.
  public var message: String
  /// When the toast disappears: ``PracticeRules/toastLifetime`` after the action that raised it.
  public var expiresAt: Date

  /// Creates a toast.
  public init(message: String, expiresAt: Date) {
    self.message = message
    self.expiresAt = expiresAt
  }
}
