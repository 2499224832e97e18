import Foundation

/// Writes the JSON of a ``State``, the bytes ``OrderedJSONEncoder`` writes for it, directly: in
/// the canonical form (sorted keys, what state hashes are computed over) or in the interchange
/// form (keys in declaration order, what `sharp9 state --json` and `sharp9 record` print).
///
/// Why a second path for one type: the `Encodable` route needs milliseconds for a state with a
/// full edit history (100 steps). Checkpoint hashes are computed every 1000 events by import,
/// record and `verify`, and the live recorder answers every action with the state, so the encoder
/// would cost more than reducing the events. Each object's layout is written once (its fields in a
/// `switch` over a ``StateJSONKey``); the key order picks the sequence. Scalars are ``JSONText``'s,
/// dates through `Interchange.formatDate`, UUIDs uppercase.
///
/// There is no fallback: the only value it refuses is a non-finite number, which every form
/// refuses. Tests compare it with the encoder, and its canonical bytes with the `JSONEncoder`
/// output the first hashes were computed over, on seeded random states.
package struct StateJSONWriter {
  /// The order of each object's keys.
  package enum KeyOrder {
    /// UTF-8 byte order (``JSONText/keyPrecedes(_:_:)``), the hashed form.
    case sorted
    /// Declaration order, the printed interchange form.
    case declared
  }

  /// How dates are written: as the interchange's ISO-8601 text, or as the exact
  /// `timeIntervalSinceReferenceDate` number (the lossless JSON snapshot form, `JSONEncoder`'s
  /// `.deferredToDate`, used by snapshots written before the binary format).
  package enum Dates {
    case interchange
    case referenceSeconds
  }

  private var out: [UInt8] = []
  private let order: KeyOrder
  private let dates: Dates

  private init(order: KeyOrder, dates: Dates) {
    self.order = order
    self.dates = dates
  }

  /// The JSON of `state` in `order` with `dates` written as said.
  ///
  /// - Throws: `EncodingError.invalidValue` when a number in `state` is NaN or infinite.
  package static func bytes(of state: State, order: KeyOrder = .sorted, dates: Dates = .interchange)
    throws -> [UInt8]
  {
    var writer = StateJSONWriter(order: order, dates: dates)
    writer.out.reserveCapacity(
      1024 + (state.history.undo.count + state.history.redo.count) * 160 + state.markers.count * 64)
    guard writer.state(state) else {
      throw EncodingError.invalidValue(
        state, .init(codingPath: [], debugDescription: "a number in the state is not finite"))
    }
    return writer.out
  }

  private mutating func state(_ state: State) -> Bool {
    let omitted = { (key: StateKey) in
      (key == .savedLoops && state.savedLoops.isEmpty)
        || (key == .loopPractice && state.loopPractice.isDefault)
        || (key == .rhythm && state.rhythm.isDefault)
        || (key == .recording && state.recording.isDefault)
    }
    return object(StateKey.self, omitting: omitted) { writer, key in
      switch key {
      case .track:
        return writer.optional(state.track) { writer, track in
          writer.object(TrackKey.self) { writer, key in
            switch key {
            case .name: writer.string(track.name)
            case .durationSec: writer.number(track.durationSec)
            }
          }
        }
      case .transport: return writer.transport(state.transport)
      case .loop: return writer.loop(state.loop)
      case .mode: return writer.string(state.mode.rawValue)
      case .markers: return writer.array(state.markers.elements) { $0.marker($1) }
      case .viewport:
        return writer.object(ViewportKey.self) { writer, key in
          switch key {
          case .startSec: writer.number(state.viewport.startSec)
          case .endSec: writer.number(state.viewport.endSec)
          }
        }
      case .isLoading: return writer.bool(state.isLoading)
      case .toast:
        return writer.optional(state.toast) { writer, toast in
          writer.object(ToastKey.self) { writer, key in
            switch key {
            case .message: writer.string(toast.message)
            case .expiresAt: writer.date(toast.expiresAt)
            }
          }
        }
      case .isLocked: return writer.bool(state.isLocked)
      case .lastMarkNowAt: return writer.optional(state.lastMarkNowAt) { $0.date($1) }
      case .history:
        return writer.object(HistoryKey.self) { writer, key in
          switch key {
          case .undo: writer.array(state.history.undo) { $0.step($1) }
          case .redo: writer.array(state.history.redo) { $0.step($1) }
          }
        }
      case .savedLoops: return writer.array(state.savedLoops) { $0.savedLoop($1) }
      case .loopPractice: return writer.loopPractice(state.loopPractice)
      case .rhythm: return writer.rhythm(state.rhythm)
      case .recording: return writer.recording(state.recording)
      }
    }
  }

  private mutating func recording(_ recording: Recording) -> Bool {
    let omitted = { (key: RecordingKey) in key == .listening && recording.listening.isDefault }
    return object(RecordingKey.self, omitting: omitted) { writer, key in
      switch key {
      case .isArmed: return writer.bool(recording.isArmed)
      case .takes: return writer.array(recording.takes) { $0.take($1) }
      case .listening:
        return writer.object(TakeListeningKey.self) { writer, key in
          switch key {
          case .takeID: writer.optional(recording.listening.takeID) { $0.uuid($1) }
          case .balance: writer.number(recording.listening.balance)
          }
        }
      }
    }
  }

  private mutating func take(_ take: Take) -> Bool {
    object(TakeKey.self) { writer, key in
      switch key {
      case .id: return writer.uuid(take.id)
      case .recording:
        let recording = take.recording
        // Speed and pitch only when known, and their changes only when any, as the take's
        // `Codable` form writes them.
        let omitting = { (key: TakeRecordingKey) in
          (recording.playedAt == nil && (key == .speed || key == .pitchSemitones))
            || (recording.playedAtChanges.isEmpty && key == .playedAtChanges)
        }
        return writer.object(TakeRecordingKey.self, omitting: omitting) { writer, key in
          switch key {
          case .startFrame: return writer.integer(recording.startFrame)
          case .endFrame: return writer.integer(recording.endFrame)
          case .pass: return writer.optional(recording.pass) { $0.integer(Int64($1)) }
          case .input: return writer.string(recording.input)
          case .sha256: return writer.string(recording.sha256)
          case .dropouts: return writer.integer(Int64(recording.dropouts))
          case .latencyFrames: return writer.integer(recording.latencyFrames)
          case .speed: return writer.number(recording.playedAt?.speed ?? 1)
          case .pitchSemitones: return writer.number(recording.playedAt?.pitchSemitones ?? 0)
          case .playedAtChanges:
            return writer.array(recording.playedAtChanges) { $0.playedAtChange($1) }
          }
        }
      }
    }
  }

  /// An integer as `JSONEncoder` writes it (all its digits, never as a double).
  private mutating func integer(_ value: Int64) -> Bool {
    raw(String(value))
    return true
  }

  private mutating func loopPractice(_ practice: LoopPractice) -> Bool {
    object(LoopPracticeKey.self) { writer, key in
      switch key {
      case .passLimit: writer.optional(practice.passLimit) { $0.number(Double($1)) }
      case .trainer:
        writer.optional(practice.trainer) { writer, trainer in
          writer.object(SpeedTrainerKey.self) { writer, key in
            switch key {
            case .startSpeed: writer.number(trainer.startSpeed)
            case .step: writer.number(trainer.step)
            case .everyPasses: writer.number(Double(trainer.everyPasses))
            case .targetSpeed: writer.number(trainer.targetSpeed)
            case .onStop: writer.string(trainer.onStop.rawValue)
            }
          }
        }
      }
    }
  }

  private mutating func rhythm(_ rhythm: Rhythm) -> Bool {
    object(RhythmKey.self) { writer, key in
      switch key {
      case .detected: writer.optional(rhythm.detected) { $0.grid($1) }
      case .edit: writer.gridEdit(rhythm.edit)
      case .taps: writer.array(rhythm.taps) { $0.date($1) }
      case .clicks:
        writer.object(ClicksKey.self) { writer, key in
          switch key {
          case .metronomeOn: return writer.bool(rhythm.clicks.metronomeOn)
          case .level: return writer.number(rhythm.clicks.level)
          case .countInBeats:
            writer.raw(String(rhythm.clicks.countInBeats))
            return true
          case .countInEveryPass: return writer.bool(rhythm.clicks.countInEveryPass)
          }
        }
      case .snap: writer.string(rhythm.snap.rawValue)
      }
    }
  }

  private mutating func gridEdit(_ edit: GridEdit) -> Bool {
    object(GridEditKey.self) { writer, key in
      switch key {
      case .tempo: writer.optional(edit.tempo) { $0.number($1) }
      case .anchorSec: writer.number(edit.anchorSec)
      case .shiftSec: writer.number(edit.shiftSec)
      }
    }
  }

  private mutating func grid(_ grid: BeatGrid) -> Bool {
    object(GridKey.self) { writer, key in
      switch key {
      case .tempo: writer.optional(grid.tempo) { $0.number($1) }
      case .beats: writer.array(grid.beats) { $0.number($1) }
      case .downbeats: writer.array(grid.downbeats) { $0.number($1) }
      }
    }
  }

  private mutating func transport(_ transport: Transport) -> Bool {
    object(TransportKey.self) { writer, key in
      switch key {
      case .isPlaying: writer.bool(transport.isPlaying)
      case .currentTimeSec: writer.number(transport.currentTimeSec)
      case .speed: writer.number(transport.speed)
      case .pitchSemitones: writer.number(transport.pitchSemitones)
      }
    }
  }

  private mutating func step(_ step: EditStep) -> Bool {
    let omitted = { (key: StepKey) in
      (key == .savedLoops && step.savedLoops == nil) || (key == .grid && step.grid == nil)
    }
    return object(StepKey.self, omitting: omitted) { writer, key in
      switch key {
      case .label: writer.string(step.label)
      case .loop: writer.optional(step.loop) { $0.change($1) { $0.loop($1) } }
      case .speed: writer.optional(step.speed) { $0.change($1) { $0.number($1) } }
      case .pitch: writer.optional(step.pitch) { $0.change($1) { $0.number($1) } }
      case .markersAdded: writer.array(step.markersAdded) { $0.markerEdit($1) }
      case .markersRemoved: writer.array(step.markersRemoved) { $0.markerEdit($1) }
      case .savedLoops:
        writer.optional(step.savedLoops) { $0.change($1) { $0.array($1) { $0.savedLoop($1) } } }
      case .grid:
        writer.optional(step.grid) { $0.change($1) { $0.gridEdit($1) } }
      }
    }
  }

  private mutating func change<Value>(
    _ change: ValueChange<Value>, _ value: (inout Self, Value) -> Bool
  ) -> Bool {
    object(ChangeKey.self) { writer, key in
      switch key {
      case .before: value(&writer, change.before)
      case .after: value(&writer, change.after)
      }
    }
  }

  private mutating func markerEdit(_ edit: MarkerEdit) -> Bool {
    object(MarkerEditKey.self) { writer, key in
      switch key {
      case .marker: return writer.marker(edit.marker)
      case .index:
        writer.raw(String(edit.index))
        return true
      }
    }
  }

  private mutating func marker(_ marker: Marker) -> Bool {
    // The name only when set, as the synthesized encoder writes it.
    object(MarkerKey.self, omitting: { $0 == .name && marker.name == nil }) { writer, key in
      switch key {
      case .id: writer.uuid(marker.id)
      case .timeSec: writer.number(marker.timeSec)
      case .name: writer.string(marker.name ?? "")
      }
    }
  }

  private mutating func savedLoop(_ loop: SavedLoop) -> Bool {
    object(SavedLoopKey.self) { writer, key in
      switch key {
      case .name: writer.string(loop.name)
      case .aSec: writer.number(loop.aSec)
      case .bSec: writer.number(loop.bSec)
      }
    }
  }

  private mutating func playedAtChange(_ change: PlayedAtChange) -> Bool {
    object(PlayedAtChangeKey.self) { writer, key in
      switch key {
      case .frame: writer.integer(change.frame)
      case .speed: writer.number(change.playedAt.speed)
      case .pitchSemitones: writer.number(change.playedAt.pitchSemitones)
      }
    }
  }

  private mutating func loop(_ loop: LoopPoints) -> Bool {
    object(LoopKey.self) { writer, key in
      switch key {
      case .aSec: writer.optional(loop.aSec) { $0.number($1) }
      case .bSec: writer.optional(loop.bSec) { $0.number($1) }
      case .enabled: writer.bool(loop.enabled)
      }
    }
  }

  // MARK: - Containers

  /// `{"key":value,…}` with the keys of `Key` in this writer's order, less those `omitting`
  /// names (fields added later are left out at their default, so older hashes still hold);
  /// `field` writes one value.
  private mutating func object<Key: StateJSONKey>(
    _: Key.Type, omitting: (Key) -> Bool = { _ in false }, _ field: (inout Self, Key) -> Bool
  ) -> Bool {
    out.append(UInt8(ascii: "{"))
    var first = true
    for key in order == .sorted ? Key.sorted : Key.declared where !omitting(key) {
      if !first { out.append(UInt8(ascii: ",")) }
      first = false
      out.append(UInt8(ascii: "\""))
      raw(key.rawValue)
      out.append(UInt8(ascii: "\""))
      out.append(UInt8(ascii: ":"))
      guard field(&self, key) else { return false }
    }
    out.append(UInt8(ascii: "}"))
    return true
  }

  private mutating func array<Element>(
    _ elements: [Element], _ element: (inout Self, Element) -> Bool
  ) -> Bool {
    out.append(UInt8(ascii: "["))
    for index in elements.indices {
      if index > elements.startIndex { out.append(UInt8(ascii: ",")) }
      guard element(&self, elements[index]) else { return false }
    }
    out.append(UInt8(ascii: "]"))
    return true
  }

  /// `null`, or the value written by `write` (both encoders write absent optionals as `null`).
  private mutating func optional<Value>(_ value: Value?, _ write: (inout Self, Value) -> Bool)
    -> Bool
  {
    guard let value else {
      raw("null")
      return true
    }
    return write(&self, value)
  }

  // MARK: - Scalars

  /// ``JSONText``'s number; `false` (the whole state refused) for NaN or an infinity.
  private mutating func number(_ value: Double) -> Bool {
    guard value.isFinite else { return false }
    JSONText.appendNumber(value, to: &out)
    return true
  }

  /// A UUID string as `uuidString` writes it (upper-case hex, 8-4-4-4-12), without building a
  /// String: markers are most of a state's bytes after the edit history.
  private mutating func uuid(_ id: UUID) -> Bool {
    let hexDigits: StaticString = "0123456789ABCDEF"
    out.append(UInt8(ascii: "\""))
    withUnsafeBytes(of: id.uuid) { bytes in
      for (index, byte) in bytes.enumerated() {
        if index == 4 || index == 6 || index == 8 || index == 10 { out.append(UInt8(ascii: "-")) }
        out.append(hexDigits.utf8Start[Int(byte >> 4)])
        out.append(hexDigits.utf8Start[Int(byte & 0x0F)])
      }
    }
    out.append(UInt8(ascii: "\""))
    return true
  }

  private mutating func date(_ date: Date) -> Bool {
    switch dates {
    case .interchange: string(Interchange.formatDate(date))
    case .referenceSeconds: number(date.timeIntervalSinceReferenceDate)
    }
  }

  private mutating func bool(_ value: Bool) -> Bool {
    raw(value ? "true" : "false")
    return true
  }

  /// ``JSONText``'s string literal (the same in both orders).
  private mutating func string(_ text: String) -> Bool {
    JSONText.appendQuoted(text, to: &out)
    return true
  }

  private mutating func raw(_ text: String) { out.append(contentsOf: text.utf8) }
}
