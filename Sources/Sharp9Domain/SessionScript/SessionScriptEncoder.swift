import Foundation

/// Writes session script lines in their canonical form, so export → import → export is
/// byte-identical.
///
/// An action line is the action's interchange JSON with `type` first, then its fields in the
/// order ``Action/Kind/fieldNames`` lists them, then `t` last, with no whitespace:
/// `{"type":"setA","timeSec":1.25,"t":3.5}`. The header line is
/// `{"session":{"startedAt":"2026-11-21T19:00:00.000Z","audio":"take.wav"}}` with absent fields
/// omitted. Numbers are written as the shortest text that reads back as the same `Double`.
public struct SessionScriptEncoder: Sendable {
  private let encoder = OrderedJSONEncoder()

  /// Creates an encoder.
  public init() {}

  /// The line (without newline) of one scripted action.
  ///
  /// - Throws: `EncodingError` when a number is not finite (such an action cannot be written).
  public func line(for scripted: ScriptedAction) throws -> String {
    try encoder.string(EncodedActionLine(scripted: scripted))
  }

  /// The line (without newline) of a session header.
  public func line(for header: SessionScriptHeader) throws -> String {
    try encoder.string(EncodedHeaderLine(session: header))
  }
}

/// `{"session":{…}}`.
private struct EncodedHeaderLine: Encodable {
  var session: SessionScriptHeader
}

/// An action followed by `"t"` in the same JSON object (``OrderedJSONEncoder`` keeps keys in
/// the order they are encoded).
private struct EncodedActionLine: Encodable {
  var scripted: ScriptedAction

  func encode(to encoder: any Encoder) throws {
    try scripted.action.encode(to: encoder)
    var container = encoder.container(keyedBy: InterchangeKey.self)
    try container.encode(scripted.t, forKey: InterchangeKey("t"))
  }
}
