import Sharp9Domain

/// A fast path for the action lines that make up almost every session script: the canonical
/// form `SessionScriptEncoder` writes, a flat JSON object without whitespace holding `type`
/// first, the case's number/boolean/mode fields in ``Action/Kind/fieldNames`` order, then `t`
/// (e.g. `{"type":"tick","currentTimeSec":12.5,"t":30.1}`).
///
/// Why it exists: `JSONDecoder` costs about 13 µs per line here, which alone caps import at
/// ~75,000 events/s; this reads a line in one pass in about a tenth of a microsecond (keys are
/// matched as bytes where they must be, numbers converted by ``JSONNumberText``, nothing
/// allocated). It never rejects anything: a line outside its subset (other key order,
/// whitespace, escapes, nested objects, strings other than a mode, unknown or repeated keys,
/// non-finite numbers, a negative `t`, …) returns `nil` and goes through the full
/// `SessionScriptParser`, which produces the values or the error messages. Numbers are correctly
/// rounded, like the JSON decoder's; a test checks both paths agree.
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
    guard scanner.take(#"{"type":"#), case .string(let tag)? = scanner.value(),
      let kind = kind(named: tag), let action = action(kind, &scanner)
    else { return nil }
    if timeIsOptional, scanner.take("}") {
      return scanner.isAtEnd ? (action, nil) : nil
    }
    guard scanner.take(#","t":"#), case .number(let time)? = scanner.value(),
      let t = JSONNumberText.value(time), t.isFinite, t >= 0, scanner.take("}"), scanner.isAtEnd
    else { return nil }
    return (action, t)
  }

  /// Every action kind with its `type` tag's bytes.
  private static let kinds = Action.Kind.allCases.map { (tag: Array($0.rawValue.utf8), kind: $0) }

  private static func kind(named tag: Slice<UnsafeRawBufferPointer>) -> Action.Kind? {
    kinds.first { $0.tag.count == tag.count && $0.tag.elementsEqual(tag) }?.kind
  }

  /// The action of `kind` from its fields, read in canonical order.
  private static func action(_ kind: Action.Kind, _ scanner: inout FlatObjectScanner) -> Action? {
    func number(_ key: StaticString) -> Double? {
      guard scanner.take(key), case .number(let text)? = scanner.value(),
        let value = JSONNumberText.value(text), value.isFinite
      else { return nil }
      return value
    }
    func bool(_ key: StaticString) -> Bool? {
      guard scanner.take(key), case .bool(let value)? = scanner.value() else { return nil }
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
    // `clearToastIfExpired` may omit its only field (`now`, a date: left to the full parser).
    case .clearToastIfExpired: return .clearToastIfExpired(now: nil)
    case .tapWaveform: return number(#","timeSec":"#).map { .tapWaveform(timeSec: $0) }
    case .dragScrub: return number(#","timeSec":"#).map { .dragScrub(timeSec: $0) }
    case .addMarker: return number(#","timeSec":"#).map { .addMarker(timeSec: $0) }
    case .setA: return number(#","timeSec":"#).map { .setA(timeSec: $0) }
    case .setB: return number(#","timeSec":"#).map { .setB(timeSec: $0) }
    case .tick: return number(#","currentTimeSec":"#).map { .tick(currentTimeSec: $0) }
    case .speedDelta: return number(#","delta":"#).map { .speedDelta($0) }
    case .pitchDelta: return number(#","delta":"#).map { .pitchDelta($0) }
    case .skip: return number(#","seconds":"#).map { .skip(seconds: $0) }
    case .toggleLoopEnabled: return bool(#","enabled":"#).map { .toggleLoopEnabled($0) }
    case .setLocked: return bool(#","locked":"#).map { .setLocked($0) }
    case .setMode:
      guard scanner.take(#","mode":"#), case .string(let text)? = scanner.value() else {
        return nil
      }
      return Mode(rawValue: String(decoding: text, as: UTF8.self)).map { .setMode($0) }
    case .importPicked, .importSucceeded, .importFailed, .deleteMarker:
      // Dates, URLs, nested objects, free text and UUIDs: rare, left to the full parser.
      return nil
    }
  }
}
