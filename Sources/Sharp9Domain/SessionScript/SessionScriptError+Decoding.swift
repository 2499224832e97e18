import Foundation

extension SessionScriptError {
  /// Turns a decoding failure of line `line` into a message naming the field, e.g.
  /// `field "timeSec": must be a finite number` or `field "track.name": missing`.
  init(line: Int, decoding error: any Error, text: some StringProtocol) {
    self.init(line: line, message: Self.message(for: error, text: text))
  }

  private static func message(for error: any Error, text: some StringProtocol) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .keyNotFound(let key, let context):
      return "field \"\(path(context.codingPath + [key]))\": missing"
    case .valueNotFound(_, let context):
      return "field \"\(path(context.codingPath))\": must not be null"
    case .typeMismatch(let type, let context):
      guard !context.codingPath.isEmpty else { return "expected a JSON object" }
      return "field \"\(path(context.codingPath))\": expected \(describe(type))"
    case .dataCorrupted(let context):
      guard !context.codingPath.isEmpty else { return malformed(context, text: text) }
      return "field \"\(path(context.codingPath))\": \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  /// Malformed JSON. Bare `NaN`/`Infinity` are the usual culprit when numbers are written by a
  /// program, so they get a message of their own naming the field.
  private static func malformed(_ context: DecodingError.Context, text: some StringProtocol)
    -> String
  {
    if let match = String(text).firstMatch(of: #/"([^"]+)"\s*:\s*[-+]?(?:NaN|Infinity)/#) {
      return "field \"\(match.1)\": must be a finite number (NaN and Infinity are not JSON)"
    }
    let detail = context.underlyingError.map { "\($0)" } ?? context.debugDescription
    return "malformed JSON: \(detail)"
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
      .joined(separator: ".")
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Float.Type, is Int.Type, is Int64.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    default: "an object"
    }
  }
}
