import Sharp9Domain

/// A fast path for the action lines that make up almost every session script: a flat JSON object
/// with no whitespace, `type`, the case's number/boolean/mode fields, and `t` (the canonical
/// form `SessionScriptEncoder` writes, e.g. `{"type":"tick","currentTimeSec":12.5,"t":30.1}`).
///
/// Why it exists: `JSONDecoder` costs about 13 µs per line here, which alone caps import at
/// ~75,000 events/s; this scanner takes about a tenth of a microsecond (no allocation: keys are
/// compared as bytes, numbers converted by ``JSONNumberText``). It never rejects anything: a
/// line outside its subset (whitespace, escapes, nested objects, strings other than a mode,
/// unknown keys, non-finite numbers, a negative `t`, …) returns `nil` and goes through the full
/// `SessionScriptParser`, which produces the values or the error messages. Numbers are correctly
/// rounded, like the JSON decoder's; a test checks both paths agree.
enum FastActionLine {
  /// The action and its `t`, or `nil` when the line needs the full parser.
  static func parse(_ line: Substring) -> (action: Action, t: Double)? {
    line.utf8.withContiguousStorageIfAvailable { parse(UnsafeRawBufferPointer($0)) } ?? nil
  }

  /// The action and its `t` from the line's UTF-8 bytes, or `nil`.
  static func parse(_ bytes: UnsafeRawBufferPointer) -> (action: Action, t: Double)? {
    var scanner = FlatObjectScanner(bytes)
    guard let fields = scanner.fields(), case .string(let tag)? = fields.value("type"),
      let kind = kind(named: tag), case .number(let time)? = fields.value("t"),
      let t = JSONNumberText.value(time), t.isFinite, t >= 0
    else { return nil }
    // `clearToastIfExpired` may omit its only field (`now`); every other field is required.
    let optionalNow = kind == .clearToastIfExpired && fields.value("now") == nil
    guard fields.count == kind.fieldNames.count + (optionalNow ? 1 : 2) else { return nil }
    guard let action = action(kind, fields) else { return nil }
    return (action, t)
  }

  /// Every action kind with its `type` tag's bytes.
  private static let kinds = Action.Kind.allCases.map { (tag: Array($0.rawValue.utf8), kind: $0) }

  private static func kind(named tag: Slice<UnsafeRawBufferPointer>) -> Action.Kind? {
    kinds.first { $0.tag.count == tag.count && $0.tag.elementsEqual(tag) }?.kind
  }

  private static func action(_ kind: Action.Kind, _ fields: FlatObjectScanner.Fields) -> Action? {
    func number(_ key: StaticString) -> Double? {
      guard case .number(let text)? = fields.value(key), let value = JSONNumberText.value(text),
        value.isFinite
      else { return nil }
      return value
    }
    func bool(_ key: StaticString) -> Bool? {
      guard case .bool(let value)? = fields.value(key) else { return nil }
      return value
    }
    switch kind {
    case .onAppear: return .onAppear
    case .togglePlay: return .togglePlay
    case .abCycle: return .abCycle
    case .cycleSpeed: return .cycleSpeed
    case .markNow: return .markNow
    case .seekToStart: return .seekToStart
    case .seekToEnd: return .seekToEnd
    case .undo: return .undo
    case .redo: return .redo
    case .tapWaveform: return number("timeSec").map { .tapWaveform(timeSec: $0) }
    case .dragScrub: return number("timeSec").map { .dragScrub(timeSec: $0) }
    case .addMarker: return number("timeSec").map { .addMarker(timeSec: $0) }
    case .setA: return number("timeSec").map { .setA(timeSec: $0) }
    case .setB: return number("timeSec").map { .setB(timeSec: $0) }
    case .tick: return number("currentTimeSec").map { .tick(currentTimeSec: $0) }
    case .speedDelta: return number("delta").map { .speedDelta($0) }
    case .pitchDelta: return number("delta").map { .pitchDelta($0) }
    case .skip: return number("seconds").map { .skip(seconds: $0) }
    case .toggleLoopEnabled: return bool("enabled").map { .toggleLoopEnabled($0) }
    case .setLocked: return bool("locked").map { .setLocked($0) }
    case .setMode:
      guard case .string? = fields.value("mode"), let text = fields.value("mode")?.text else {
        return nil
      }
      return Mode(rawValue: text).map { .setMode($0) }
    case .clearToastIfExpired:
      return fields.value("now") == nil ? .clearToastIfExpired(now: nil) : nil
    case .importPicked, .importSucceeded, .importFailed, .deleteMarker:
      // Dates, URLs, nested objects, free text and UUIDs: rare, left to the full parser.
      return nil
    }
  }
}
