import Foundation
import Sharp9Domain

/// Writes the canonical interchange JSON of a ``State`` (what state hashes are computed over)
/// byte for byte as `Interchange.encoder(canonical: true)` does, without `JSONEncoder`.
///
/// Why: a checkpoint hash is computed every 1000 events by import, record and `verify`, and
/// `JSONEncoder` needs milliseconds for a state with a full edit history (100 steps), which made
/// checkpoint hashing cost more than reducing the events between checkpoints. This writer emits
/// keys in the same sorted (UTF-8 byte) order, numbers as `JSONEncoder` does (`description`
/// with a trailing `.0` dropped), dates through `Interchange.formatDate`, and UUIDs uppercase.
///
/// Anything it would not write exactly like `JSONEncoder` (a non-finite number, a string with
/// control or non-ASCII characters) makes ``bytes(of:)`` return `nil`; the caller then falls
/// back to `JSONEncoder`. Tests compare both writers on seeded random sessions.
struct CanonicalStateWriter {
  /// How dates are written: as the interchange's ISO-8601 text (the hashed form), or as the exact
  /// `timeIntervalSinceReferenceDate` number (the lossless snapshot form, `JSONEncoder`'s
  /// `.deferredToDate`).
  enum Dates {
    case interchange
    case referenceSeconds
  }

  private var out: [UInt8] = []
  private let dates: Dates

  /// The sorted-key JSON of `state` with `dates` written as said, or `nil` when `JSONEncoder`
  /// must write it.
  static func bytes(of state: State, dates: Dates = .interchange) -> [UInt8]? {
    var writer = CanonicalStateWriter(dates: dates, reservingFor: state)
    guard writer.history(state), writer.afterHistory(state) else { return nil }
    return writer.out
  }

  /// `bytes(of: state)` and `bytes(of: state, dates: .referenceSeconds)` at once, for a
  /// checkpoint's hash and snapshot: the edit history (no dates, and most of a state's bytes) is
  /// written once and shared by both, since it comes first in sorted key order.
  static func checkpointBytes(of state: State) -> (interchange: [UInt8], snapshot: [UInt8])? {
    var interchange = CanonicalStateWriter(dates: .interchange, reservingFor: state)
    guard interchange.history(state) else { return nil }
    var snapshot = CanonicalStateWriter(dates: .referenceSeconds, reservingFor: state)
    snapshot.out.append(contentsOf: interchange.out)
    guard interchange.afterHistory(state), snapshot.afterHistory(state) else { return nil }
    return (interchange.out, snapshot.out)
  }

  private init(dates: Dates, reservingFor state: State) {
    self.dates = dates
    let steps = state.history.undo.count + state.history.redo.count
    out.reserveCapacity(1024 + steps * 256 + state.markers.count * 80)
  }

  /// `{"history":{...}`: the first key of a state, the same in both date forms.
  private mutating func history(_ state: State) -> Bool {
    raw("{\"history\":{\"redo\":")
    guard steps(state.history.redo) else { return false }
    raw(",\"undo\":")
    guard steps(state.history.undo) else { return false }
    raw("}")
    return true
  }

  /// The state's keys after `history`, to the closing brace.
  private mutating func afterHistory(_ state: State) -> Bool {
    raw(",\"isLoading\":")
    bool(state.isLoading)
    raw(",\"isLocked\":")
    bool(state.isLocked)
    raw(",\"lastMarkNowAt\":")
    if let lastMark = state.lastMarkNowAt {
      guard date(lastMark) else { return false }
    } else {
      null()
    }
    raw(",\"loop\":")
    guard loop(state.loop) else { return false }
    raw(",\"markers\":[")
    for (index, marker) in state.markers.enumerated() {
      if index > 0 { raw(",") }
      guard self.marker(marker) else { return false }
    }
    raw("],\"mode\":")
    guard string(state.mode.rawValue) else { return false }
    raw(",\"toast\":")
    if let toast = state.toast {
      raw("{\"expiresAt\":")
      guard date(toast.expiresAt) else { return false }
      raw(",\"message\":")
      guard string(toast.message) else { return false }
      raw("}")
    } else {
      null()
    }
    raw(",\"track\":")
    if let track = state.track {
      raw("{\"durationSec\":")
      guard number(track.durationSec) else { return false }
      raw(",\"name\":")
      guard string(track.name) else { return false }
      raw("}")
    } else {
      null()
    }
    let transport = state.transport
    raw(",\"transport\":{\"currentTimeSec\":")
    guard number(transport.currentTimeSec) else { return false }
    raw(",\"isPlaying\":")
    bool(transport.isPlaying)
    raw(",\"pitchSemitones\":")
    guard number(transport.pitchSemitones) else { return false }
    raw(",\"speed\":")
    guard number(transport.speed) else { return false }
    raw("},\"viewport\":{\"endSec\":")
    guard number(state.viewport.endSec) else { return false }
    raw(",\"startSec\":")
    guard number(state.viewport.startSec) else { return false }
    raw("}}")
    return true
  }

  private mutating func steps(_ steps: [EditStep]) -> Bool {
    raw("[")
    for (index, step) in steps.enumerated() {
      if index > 0 { raw(",") }
      raw("{\"label\":")
      guard string(step.label) else { return false }
      raw(",\"loop\":")
      if let change = step.loop {
        raw("{\"after\":")
        guard loop(change.after) else { return false }
        raw(",\"before\":")
        guard loop(change.before) else { return false }
        raw("}")
      } else {
        null()
      }
      raw(",\"markersAdded\":")
      guard markerEdits(step.markersAdded) else { return false }
      raw(",\"markersRemoved\":")
      guard markerEdits(step.markersRemoved) else { return false }
      raw(",\"pitch\":")
      guard change(step.pitch) else { return false }
      raw(",\"speed\":")
      guard change(step.speed) else { return false }
      raw("}")
    }
    raw("]")
    return true
  }

  private mutating func change(_ change: ValueChange<Double>?) -> Bool {
    guard let change else {
      null()
      return true
    }
    raw("{\"after\":")
    guard number(change.after) else { return false }
    raw(",\"before\":")
    guard number(change.before) else { return false }
    raw("}")
    return true
  }

  private mutating func markerEdits(_ edits: [MarkerEdit]) -> Bool {
    raw("[")
    for (index, edit) in edits.enumerated() {
      if index > 0 { raw(",") }
      raw("{\"index\":")
      text(String(edit.index))
      raw(",\"marker\":")
      guard marker(edit.marker) else { return false }
      raw("}")
    }
    raw("]")
    return true
  }

  private mutating func marker(_ marker: Marker) -> Bool {
    raw("{\"id\":\"")
    uuid(marker.id)
    raw("\",\"timeSec\":")
    guard number(marker.timeSec) else { return false }
    raw("}")
    return true
  }

  private mutating func loop(_ loop: LoopPoints) -> Bool {
    raw("{\"aSec\":")
    guard optionalNumber(loop.aSec) else { return false }
    raw(",\"bSec\":")
    guard optionalNumber(loop.bSec) else { return false }
    raw(",\"enabled\":")
    bool(loop.enabled)
    raw("}")
    return true
  }

  private mutating func optionalNumber(_ value: Double?) -> Bool {
    guard let value else {
      null()
      return true
    }
    return number(value)
  }

  /// As `JSONEncoder`: the shortest round-trip `description`, without a trailing `.0`.
  private mutating func number(_ value: Double) -> Bool {
    guard value.isFinite else { return false }
    var text = value.description
    text.withUTF8 { utf8 in
      let integral =
        utf8.count >= 2 && utf8[utf8.count - 2] == UInt8(ascii: ".")
        && utf8[utf8.count - 1] == UInt8(ascii: "0")
      out.append(contentsOf: integral ? UnsafeBufferPointer(rebasing: utf8.dropLast(2)) : utf8)
    }
    return true
  }

  private mutating func date(_ date: Date) -> Bool {
    switch dates {
    case .interchange: string(Interchange.formatDate(date))
    case .referenceSeconds: number(date.timeIntervalSinceReferenceDate)
    }
  }

  /// A string; only `"` and `\` are escaped here: control and non-ASCII characters fall back.
  private mutating func string(_ text: String) -> Bool {
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      if byte < 0x20 || byte >= 0x7F { return false }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        out.append(UInt8(ascii: "\\"))
      }
      out.append(byte)
    }
    out.append(UInt8(ascii: "\""))
    return true
  }

  private mutating func bool(_ value: Bool) { raw(value ? "true" : "false") }

  private mutating func null() { raw("null") }

  /// Literal JSON punctuation and keys, copied from the binary's constant bytes.
  private mutating func raw(_ literal: StaticString) {
    out.append(
      contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// Text known to need no escaping (numbers' digits).
  private mutating func text(_ text: String) { out.append(contentsOf: text.utf8) }

  /// A UUID as `uuidString` writes it (upper-case hex, 8-4-4-4-12), without building a String.
  private mutating func uuid(_ id: UUID) {
    let hexDigits: StaticString = "0123456789ABCDEF"
    withUnsafeBytes(of: id.uuid) { bytes in
      for (index, byte) in bytes.enumerated() {
        if index == 4 || index == 6 || index == 8 || index == 10 { out.append(UInt8(ascii: "-")) }
        out.append(hexDigits.utf8Start[Int(byte >> 4)])
        out.append(hexDigits.utf8Start[Int(byte & 0x0F)])
      }
    }
  }
}
