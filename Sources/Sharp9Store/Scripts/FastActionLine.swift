import Sharp9Domain

/// A fast path for the action lines that make up almost every session script: a flat JSON object
/// with no whitespace, `type`, the case's number/boolean/mode fields, and `t` (the canonical
/// form `SessionScriptEncoder` writes, e.g. `{"type":"tick","currentTimeSec":12.5,"t":30.1}`).
///
/// Why it exists: `JSONDecoder` costs about 13 µs per line here, which alone caps import at
/// ~75,000 events/s; this scanner takes well under a microsecond. It never rejects anything: a
/// line outside its subset (whitespace, escapes, nested objects, strings other than a mode,
/// unknown keys, non-finite numbers, a negative `t`, …) returns `nil` and goes through the full
/// `SessionScriptParser`, which produces the values or the error messages. Numbers are converted
/// by `Double(_:)` (correctly rounded, like the JSON decoder); a test checks both paths agree.
enum FastActionLine {
  /// The action and its `t`, or `nil` when the line needs the full parser.
  static func parse(_ line: Substring) -> (action: Action, t: Double)? {
    line.utf8.withContiguousStorageIfAvailable { parse(UnsafeRawBufferPointer($0)) } ?? nil
  }

  /// The action and its `t` from the line's UTF-8 bytes, or `nil`.
  static func parse(_ bytes: UnsafeRawBufferPointer) -> (action: Action, t: Double)? {
    guard let (action, t) = parse(bytes, timeIsOptional: false), let t else { return nil }
    return (action, t)
  }

  /// As ``parse(_:)-(UnsafeRawBufferPointer)``, but with `timeIsOptional` a line without `t` is
  /// accepted too (`t` is then `nil`: the live recorder stamps such actions itself).
  static func parse(_ bytes: UnsafeRawBufferPointer, timeIsOptional: Bool)
    -> (action: Action, t: Double?)?
  {
    var scanner = FlatObjectScanner(bytes)
    guard let fields = scanner.fields(), case .string? = fields.value("type"),
      let tag = fields.value("type")?.text, let kind = Action.Kind(rawValue: tag)
    else { return nil }
    var t: Double?
    if !timeIsOptional || fields.value("t") != nil {
      guard case .number? = fields.value("t"),
        let value = fields.value("t")?.text.flatMap(Double.init),
        value.isFinite, value >= 0
      else { return nil }
      t = value
    }
    // `clearToastIfExpired` may omit its only field (`now`); every other field is required.
    let optionalNow = kind == .clearToastIfExpired && fields.value("now") == nil
    let expected = kind.fieldNames.count + 1 + (t == nil ? 0 : 1) - (optionalNow ? 1 : 0)
    guard fields.count == expected else { return nil }
    guard let action = action(kind, fields) else { return nil }
    return (action, t)
  }

  private static func action(_ kind: Action.Kind, _ fields: FlatObjectScanner.Fields) -> Action? {
    func number(_ key: String) -> Double? {
      guard case .number? = fields.value(key),
        let value = fields.value(key)?.text.flatMap(Double.init),
        value.isFinite
      else { return nil }
      return value
    }
    func bool(_ key: String) -> Bool? {
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
