import Foundation

/// The decoding of one script line: a header `{"session":{…}}` or an action with an optional `t`.
///
/// Unknown fields are rejected (a misspelt `"timesec"` must not pass silently), `t` must be a
/// finite number `>= 0`. Errors are `DecodingError`s whose coding path names the field; the
/// parser turns them into ``SessionScriptError`` messages.
struct DecodedScriptLine: Decodable {
  /// What the line holds.
  var line: SessionScriptLine

  private static let session = InterchangeKey("session")
  private static let type = InterchangeKey("type")
  private static let time = InterchangeKey("t")

  init(from decoder: any Decoder) throws {
    let fields = try decoder.container(keyedBy: InterchangeKey.self)
    if fields.contains(Self.session), !fields.contains(Self.type) {
      try Self.rejectUnknownFields(in: fields, allowed: ["session"], owner: "the session line")
      let header = try fields.nestedContainer(keyedBy: InterchangeKey.self, forKey: Self.session)
      try Self.rejectUnknownFields(
        in: header, allowed: SessionScriptHeader.fieldNames, owner: "the session header")
      line = .header(try fields.decode(SessionScriptHeader.self, forKey: Self.session))
      return
    }
    let tag = try fields.decode(String.self, forKey: Self.type)
    if let kind = Action.Kind(rawValue: tag) {
      try Self.rejectUnknownFields(
        in: fields, allowed: ["type"] + kind.fieldNames + ["t"], owner: "a \(tag) line")
    }
    let action = try Action(from: decoder)
    var time: Double?
    if fields.contains(Self.time) {
      let value = try fields.decode(Double.self, forKey: Self.time)
      guard value.isFinite else {
        throw DecodingError.dataCorruptedError(
          forKey: Self.time, in: fields, debugDescription: "must be a finite number")
      }
      guard value >= 0 else {
        throw DecodingError.dataCorruptedError(
          forKey: Self.time, in: fields,
          debugDescription: "must be >= 0 (seconds since the session started)")
      }
      time = value
    }
    line = .action(action, t: time)
  }

  /// Throws for the alphabetically first field not in `allowed` (sorted so the message does not
  /// depend on dictionary order).
  private static func rejectUnknownFields(
    in container: KeyedDecodingContainer<InterchangeKey>, allowed: [String], owner: String
  ) throws {
    let unknown = container.allKeys.map(\.stringValue).filter { !allowed.contains($0) }.sorted()
    guard let first = unknown.first else { return }
    let known = allowed.filter { $0 != "type" }
    let hint =
      known.isEmpty ? "\(owner) has no fields" : "\(owner) has: \(known.joined(separator: ", "))"
    throw DecodingError.dataCorruptedError(
      forKey: InterchangeKey(first), in: container, debugDescription: "unknown field (\(hint))")
  }
}
