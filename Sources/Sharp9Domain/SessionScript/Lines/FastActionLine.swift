/// The front of ``ScriptLineParser``: reads the action lines that make up almost every session
/// script straight from their bytes. A line qualifies when it is a flat JSON object (whitespace
/// anywhere, keys in any order) holding `type`, at most one field of the case (a number, a
/// boolean or a mode) and optionally `t`: the canonical form `SessionScriptEncoder` writes
/// (`{"type":"tick","currentTimeSec":12.5,"t":30.1}`) as well as Python's `json.dumps` form
/// (`{"t": 30.1, "type": "tick", "currentTimeSec": 12.5}`) and `JSON.stringify`'s.
///
/// Why it exists: `JSONDecoder` costs about 13 µs per line here, which alone caps import at
/// ~75,000 events/s; this reads a line in one pass in a fraction of a microsecond (keys matched
/// as bytes, numbers converted by ``JSONNumberText``, nothing allocated). It never rejects
/// anything: a line outside its subset (escapes, nested objects, other strings, unknown, missing
/// or repeated keys, numbers out of range, a negative `t`, …) returns `nil` and goes through the
/// parser's full checks, which produce the values or the error messages. A test checks both
/// paths agree on every line the front takes.
enum FastActionLine {
  /// The action and its `t` (`nil` when the line has none), or `nil` when the line needs the
  /// full parser.
  static func parse(_ bytes: UnsafeRawBufferPointer) -> (action: Action, t: Double?)? {
    var scanner = FlatObjectScanner(bytes)
    guard scanner.take(UInt8(ascii: "{")) else { return nil }
    var tag: Slice<UnsafeRawBufferPointer>?
    var time: Double?
    var field: (key: Slice<UnsafeRawBufferPointer>, value: FlatObjectScanner.Value)?
    repeat {
      guard let key = scanner.key(), let value = scanner.value() else { return nil }
      if Self.equal(key, Self.typeKey) {
        guard tag == nil, case .string(let text) = value else { return nil }
        tag = text
      } else if Self.equal(key, Self.timeKey) {
        guard time == nil, case .number(let text) = value, let t = JSONNumberText.value(text),
          t >= 0
        else { return nil }
        time = t
      } else {
        guard field == nil else { return nil }
        field = (key, value)
      }
    } while scanner.take(UInt8(ascii: ","))
    guard scanner.take(UInt8(ascii: "}")), scanner.isAtEnd(), let tag,
      let entry = Self.kinds.first(where: { Self.equal(tag, $0.tag) })
    else { return nil }
    if let field {
      guard let name = entry.field, Self.equal(field.key, name) else { return nil }
    }
    guard let action = Self.action(entry.kind, field?.value) else { return nil }
    return (action, time)
  }

  private static let typeKey = Array("type".utf8)
  private static let timeKey = Array("t".utf8)

  /// Every action kind with its `type` tag and its one field's name, as bytes.
  private static let kinds = Action.Kind.allCases.map {
    (tag: Array($0.rawValue.utf8), kind: $0, field: $0.fieldNames.first.map { Array($0.utf8) })
  }

  private static func equal(_ text: Slice<UnsafeRawBufferPointer>, _ word: [UInt8]) -> Bool {
    text.count == word.count && text.elementsEqual(word)
  }

  /// The action of `kind` from its field's value (`nil`: no field given), built by
  /// `Action(kind:plain:)` beside the decoder.
  private static func action(_ kind: Action.Kind, _ value: FlatObjectScanner.Value?) -> Action? {
    let field: Action.PlainField?
    switch value {
    case nil: field = nil
    case .bool(let flag)?: field = .bool(flag)
    case .string(let text)?: field = .text(String(decoding: text, as: UTF8.self))
    case .number(let text)?:
      guard let number = JSONNumberText.value(text) else { return nil }
      field = .number(number)
    }
    return Action(kind: kind, plain: field)
  }
}
