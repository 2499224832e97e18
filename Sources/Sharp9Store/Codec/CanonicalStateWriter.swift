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

  private init(dates: Dates) { self.dates = dates }

  /// The sorted-key JSON of `state` with `dates` written as said, or `nil` when `JSONEncoder`
  /// must write it.
  static func bytes(of state: State, dates: Dates = .interchange) -> [UInt8]? {
    var writer = CanonicalStateWriter(dates: dates)
    writer.out.reserveCapacity(1024 + state.history.undo.count * 160 + state.markers.count * 64)
    guard writer.state(state) else { return nil }
    return writer.out
  }

  private mutating func state(_ state: State) -> Bool {
    raw("{\"history\":{\"redo\":")
    guard steps(state.history.redo) else { return false }
    raw(",\"undo\":")
    guard steps(state.history.undo) else { return false }
    raw("},\"isLoading\":")
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
      raw(String(edit.index))
      raw(",\"marker\":")
      guard marker(edit.marker) else { return false }
      raw("}")
    }
    raw("]")
    return true
  }

  private mutating func marker(_ marker: Marker) -> Bool {
    raw("{\"id\":\"")
    raw(marker.id.uuidString)
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
    if text.hasSuffix(".0") { text.removeLast(2) }
    raw(text)
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

  private mutating func raw(_ text: String) { out.append(contentsOf: text.utf8) }
}
