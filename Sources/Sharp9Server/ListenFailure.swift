import Foundation
import NIOCore

extension InspectorServer {
  /// The server could not listen on its address: the port is taken, needs privileges, or the
  /// host is not one of this machine's addresses. Data for the front end, which words it.
  public struct ListenFailure: Error, Equatable, Sendable {
    /// Why the address could not be bound.
    public enum Reason: Equatable, Sendable {
      /// Another process listens on the port (`EADDRINUSE`).
      case portInUse
      /// The port is privileged (below 1024) or otherwise not allowed (`EACCES`).
      case permissionDenied
      /// The host names no address of this machine (`EADDRNOTAVAIL`).
      case addressUnavailable
    }

    /// The host that was to be bound.
    public var host: String
    /// The port that was to be bound.
    public var port: Int
    /// Why it failed.
    public var reason: Reason

    /// The failure `error` means when binding `host:port`, if it is one of the binding errors.
    init?(_ error: any Error, host: String, port: Int) {
      guard let error = error as? IOError else { return nil }
      switch error.errnoCode {
      case EADDRINUSE: reason = .portInUse
      case EACCES: reason = .permissionDenied
      case EADDRNOTAVAIL: reason = .addressUnavailable
      default: return nil
      }
      self.host = host
      self.port = port
    }
  }
}
