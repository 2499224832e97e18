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

  /// Malformed JSON. Non-finite numbers (bare `NaN`/`Infinity`, or a literal like `1e400` that
  /// overflows) are the usual culprit when a program wrote the numbers, so they get a message of
  /// their own naming the field; `JSONDecoder` gives no detail for anything else.
  private static func malformed(_ context: DecodingError.Context, text: some StringProtocol)
    -> String
  {
    let line = String(text)
    if let match = line.firstMatch(of: #/"([^"]+)"\s*:\s*[-+]?(?:NaN|Infinity)/#) {
      return "field \"\(match.1)\": must be a finite number (NaN and Infinity are not JSON)"
    }
    for match in line.matches(of: #/"([^"]+)"\s*:\s*(-?[0-9][0-9.]*[eE][-+]?[0-9]+)/#) {
      if let value = Double(match.2), !value.isFinite {
        return "field \"\(match.1)\": must be a finite number (\(match.2) is out of range)"
      }
    }
    return "malformed JSON (each line must be one JSON object)"
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
