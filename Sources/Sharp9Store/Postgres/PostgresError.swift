import PostgresNIO

/// A failure of the PostgreSQL backend: the server refused a statement, or the connection failed.
///
/// Carries PostgreSQL's SQLSTATE (``code``, e.g. `40001`) and its message, and what the store was
/// doing; never the SQL's bound values.
public struct PostgresError: BackendFailure, Equatable {
  /// The SQLSTATE the server reported (five characters), or `nil` for a failure of the
  /// connection itself.
  public var code: String?
  /// The server's message, or what went wrong with the connection.
  public var message: String
  /// What the store was doing, e.g. `append to session 0b1c…`.
  public var operation: String

  /// Creates an error.
  public init(code: String?, message: String, operation: String) {
    self.code = code
    self.message = message
    self.operation = operation
  }

  /// What the failure means, from the SQLSTATE's class (a failure without one is the
  /// connection's).
  public var resultCode: StoreResultCode {
    guard let code else { return .unavailable }
    switch code {
    case "40001", "40P01", "55P03": return .busy
    case "25006": return .readOnly
    case "53100": return .full
    case "58030": return .ioFailure
    case "XX001", "XX002": return .corrupt
    case "53300", "57P01", "57P02", "57P03": return .unavailable
    default: break
    }
    switch code.prefix(2) {
    case "08": return .unavailable
    case "22", "23": return .invalidValue
    case "28", "3D": return .cannotOpen
    default: return .internalError
    }
  }

  /// ``StoreBackend/postgres``.
  public var backend: StoreBackend { .postgres }

  /// The SQLSTATE, or `none` for a failure of the connection.
  public var nativeCode: String { code ?? "none" }

  /// The statement broke a unique constraint (SQLSTATE 23505).
  var isUniqueViolation: Bool { code == "23505" }

  /// One line: the operation, the server's message and its code.
  public var description: String {
    "\(operation): \(message)" + (code.map { " (SQLSTATE \($0))" } ?? "")
  }

  /// The error for `error` thrown by postgres-nio while doing `operation`.
  static func wrapping(_ error: any Error, operation: String) -> PostgresError {
    if let error = error as? PostgresError { return error }
    guard let error = error as? PSQLError else {
      return PostgresError(code: nil, message: String(describing: error), operation: operation)
    }
    if let server = error.serverInfo {
      return PostgresError(
        code: server[.sqlState], message: server[.message] ?? "the server refused the statement",
        operation: operation)
    }
    // PSQLError's description is generic on purpose; its code names the connection failure.
    let cause = error.underlying.map { String(describing: $0) }
    return PostgresError(
      code: nil,
      message: [error.code.description, cause].compactMap { $0 }.joined(separator: ": "),
      operation: operation)
  }
}
