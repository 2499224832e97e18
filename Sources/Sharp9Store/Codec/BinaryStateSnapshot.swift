import Foundation
import Sharp9Domain

/// The compact binary snapshot of a ``State`` stored in `checkpoints.state`: a format tag byte,
/// a layout version byte, then every field in declaration order (doubles and dates as their exact
/// 8-byte bit patterns, so snapshots are lossless; strings as a 32-bit length and UTF-8, UUIDs as
/// 16 bytes, booleans, modes and "present" flags as one byte, counts and indices as 8 bytes; all
/// little-endian, written by ``ByteWriter`` as the events are).
///
/// Why binary: `sharp9 state --at N` starts from the nearest snapshot, and decoding the JSON
/// snapshot of a state with a full edit history took `JSONDecoder` 3–9 ms, most of a 5 ms budget;
/// this decodes it in microseconds and is about a fifth of the size (fewer overflow pages to
/// read).
///
/// Compatibility: JSON snapshots written before this format start with `{`, which the
/// ``formatTag`` never is, so ``StateCodec`` tells them apart by the first byte and still decodes
/// them. The layout is part of the file format: a change to ``State`` needs a new
/// ``layoutVersion`` (and the reader may keep reading the old one). A snapshot of an unknown
/// version, or one that is truncated or malformed, throws; `state(at:)` then skips it and starts
/// from an earlier snapshot or from scratch.
enum BinaryStateSnapshot {
  /// The first byte of every binary snapshot (never `{`, the first byte of a JSON snapshot).
  static let formatTag: UInt8 = 0xB5
  /// The layout of ``State`` this build writes. It also reads the layouts before it: 1, written
  /// before saved loops existed (2 adds each step's saved-loop change and, at the end, the saved
  /// loops), 2 (3 adds each step's grid change and, at the end, how loop passes are
  /// practised and the rhythm), 3 (4 adds each marker's section name, wherever markers are
  /// written), 4 (5 adds, at the end, the recording: armed and the takes) and 5 (6 adds, at the
  /// end, what is listened to: the heard take and the balance), 6 (7 adds, at the end, the
  /// speed and pitch each take was played at) and 7 (8 adds, at the end, each take's changes of
  /// them).
  static let layoutVersion: UInt8 = 8

  /// The snapshot bytes of `state`.
  static func encode(_ state: State) -> [UInt8] {
    var writer = ByteWriter()
    writer.write(formatTag)
    writer.write(layoutVersion)
    writer.writeOptional(state.track) { writer, track in
      writer.write(track.name)
      writer.write(track.durationSec)
    }
    writer.write(state.transport.isPlaying)
    writer.write(state.transport.currentTimeSec)
    writer.write(state.transport.speed)
    writer.write(state.transport.pitchSemitones)
    writer.write(state.loop)
    writer.write(ActionCodec.modeByte(state.mode))
    writer.writeArray(state.markers.elements) { $0.write($1) }
    writer.write(state.viewport.startSec)
    writer.write(state.viewport.endSec)
    writer.write(state.isLoading)
    writer.writeOptional(state.toast) { writer, toast in
      writer.write(toast.message)
      writer.write(toast.expiresAt.timeIntervalSinceReferenceDate)
    }
    writer.write(state.isLocked)
    writer.writeOptional(state.lastMarkNowAt) { $0.write($1.timeIntervalSinceReferenceDate) }
    writer.writeArray(state.history.undo) { $0.write($1) }
    writer.writeArray(state.history.redo) { $0.write($1) }
    writer.writeArray(state.savedLoops) { $0.write($1) }
    writer.write(state.loopPractice)
    writer.write(state.rhythm)
    writer.write(state.recording.isArmed)
    writer.writeArray(state.recording.takes) { writer, take in
      writer.write(take.id)
      writer.write(take.recording)
    }
    writer.writeOptional(state.recording.listening.takeID) { $0.write($1) }
    writer.write(state.recording.listening.balance)
    for take in state.recording.takes { writer.write(playedAt: take.recording.playedAt) }
    for take in state.recording.takes {
      writer.write(playedAtChanges: take.recording.playedAtChanges)
    }
    return writer.bytes
  }

  /// Whether `bytes` start like a binary snapshot (of any layout version).
  static func isBinary(_ bytes: UnsafeRawBufferPointer) -> Bool { bytes.first == formatTag }

  /// Decodes exactly `bytes`.
  static func decode(_ bytes: UnsafeRawBufferPointer) throws(ActionCodec.DecodingError) -> State {
    var reader = ByteReader(bytes)
    guard try reader.byte() == formatTag else { throw .invalidValue("snapshot format tag") }
    let version = try reader.byte()
    guard (1...layoutVersion).contains(version) else {
      throw .invalidValue(
        "snapshot layout version \(version) (this sharp9 reads 1 to \(layoutVersion))")
    }
    let hasSavedLoops = version >= 2
    let hasRhythm = version >= 3
    let limit = bytes.count
    var state = State()
    if try reader.bool() {
      state.track = TrackMeta(name: try reader.string(), durationSec: try reader.double())
    }
    state.transport = Transport(
      isPlaying: try reader.bool(), currentTimeSec: try reader.double(),
      speed: try reader.double(), pitchSemitones: try reader.double())
    state.loop = try reader.loopPoints()
    state.mode = try ActionCodec.mode(reader.byte())
    let markerCount = try reader.count(limit: limit)
    state.markers.reserveCapacity(markerCount)
    for _ in 0..<markerCount { state.markers.append(try reader.marker(layout: version)) }
    state.viewport = Viewport(startSec: try reader.double(), endSec: try reader.double())
    state.isLoading = try reader.bool()
    if try reader.bool() {
      state.toast = ToastState(message: try reader.string(), expiresAt: try reader.date())
    }
    state.isLocked = try reader.bool()
    state.lastMarkNowAt = try reader.bool() ? try reader.date() : nil
    state.history.undo = try reader.steps(limit: limit, layout: version)
    state.history.redo = try reader.steps(limit: limit, layout: version)
    if hasSavedLoops { state.savedLoops = try reader.savedLoops(limit: limit) }
    if version >= 3 { state.loopPractice = try reader.loopPractice() }
    if hasRhythm { state.rhythm = try reader.rhythm(limit: limit) }
    if version >= 5 {
      state.recording.isArmed = try reader.bool()
      let takeCount = try reader.count(limit: limit)
      for _ in 0..<takeCount {
        state.recording.takes.append(
          Take(id: try reader.uuid(), recording: try reader.takeRecording()))
      }
    }
    if version >= 6 {
      state.recording.listening.takeID = try reader.bool() ? try reader.uuid() : nil
      state.recording.listening.balance = try reader.double()
    }
    if version >= 7 {
      for index in state.recording.takes.indices {
        state.recording.takes[index].recording.playedAt = try reader.playedAt()
      }
    }
    if version >= 8 {
      for index in state.recording.takes.indices {
        state.recording.takes[index].recording.playedAtChanges = try reader.playedAtChanges()
      }
    }
    guard reader.isAtEnd else { throw .trailingBytes }
    return state
  }
}

extension ByteWriter {
  fileprivate mutating func writeOptional<Value>(
    _ value: Value?, _ write: (inout ByteWriter, Value) -> Void
  ) {
    self.write(value != nil)
    if let value { write(&self, value) }
  }

  fileprivate mutating func writeArray<Element>(
    _ elements: [Element], _ write: (inout ByteWriter, Element) -> Void
  ) {
    self.write(UInt64(elements.count))
    for element in elements { write(&self, element) }
  }

  fileprivate mutating func write(_ loop: LoopPoints) {
    writeOptional(loop.aSec) { $0.write($1) }
    writeOptional(loop.bSec) { $0.write($1) }
    write(loop.enabled)
  }

  fileprivate mutating func write(_ marker: Marker) {
    write(marker.id)
    write(marker.timeSec)
    writeOptional(marker.name) { $0.write($1) }
  }

  fileprivate mutating func write(_ loop: SavedLoop) {
    write(loop.name)
    write(loop.aSec)
    write(loop.bSec)
  }

  fileprivate mutating func write(_ change: ValueChange<Double>?) {
    writeOptional(change) { writer, change in
      writer.write(change.before)
      writer.write(change.after)
    }
  }

  fileprivate mutating func write(_ edits: [MarkerEdit]) {
    writeArray(edits) { writer, edit in
      writer.write(edit.marker)
      writer.write(UInt64(bitPattern: Int64(edit.index)))
    }
  }

  fileprivate mutating func write(_ step: EditStep) {
    write(step.label)
    writeOptional(step.loop) { writer, change in
      writer.write(change.before)
      writer.write(change.after)
    }
    write(step.speed)
    write(step.pitch)
    write(step.markersAdded)
    write(step.markersRemoved)
    writeOptional(step.savedLoops) { writer, change in
      writer.writeArray(change.before) { $0.write($1) }
      writer.writeArray(change.after) { $0.write($1) }
    }
    writeOptional(step.grid) { writer, change in
      writer.write(change.before)
      writer.write(change.after)
    }
  }

  fileprivate mutating func write(_ edit: GridEdit) {
    writeOptional(edit.tempo) { $0.write($1) }
    write(edit.anchorSec)
    write(edit.shiftSec)
  }

  fileprivate mutating func write(_ rhythm: Rhythm) {
    writeOptional(rhythm.detected) { $0.write($1) }
    write(rhythm.edit)
    writeArray(rhythm.taps) { $0.write($1.timeIntervalSinceReferenceDate) }
    write(rhythm.clicks.metronomeOn)
    write(rhythm.clicks.level)
    write(UInt64(bitPattern: Int64(rhythm.clicks.countInBeats)))
    write(rhythm.clicks.countInEveryPass)
    write(ActionCodec.snapByte(rhythm.snap))
  }
}

extension ByteReader {
  /// An element count, refused when above `limit` (the snapshot's size: every element takes at
  /// least one byte, and the bound keeps a damaged count from reserving absurd memory).
  fileprivate mutating func count(limit: Int) throws(ActionCodec.DecodingError) -> Int {
    let count = try uint64()
    guard count <= UInt64(limit) else { throw .invalidValue("element count \(count)") }
    return Int(count)
  }

  fileprivate mutating func optionalDouble() throws(ActionCodec.DecodingError) -> Double? {
    try bool() ? try double() : nil
  }

  fileprivate mutating func date() throws(ActionCodec.DecodingError) -> Date {
    Date(timeIntervalSinceReferenceDate: try double())
  }

  fileprivate mutating func loopPoints() throws(ActionCodec.DecodingError) -> LoopPoints {
    LoopPoints(aSec: try optionalDouble(), bSec: try optionalDouble(), enabled: try bool())
  }

  fileprivate mutating func marker(layout: UInt8) throws(ActionCodec.DecodingError) -> Marker {
    let id = try uuid()
    let time = try double()
    let named = layout >= 4 ? try bool() : false
    return Marker(id: id, timeSec: time, name: named ? try string() : nil)
  }

  fileprivate mutating func steps(limit: Int, layout: UInt8) throws(ActionCodec.DecodingError)
    -> [EditStep]
  {
    let count = try count(limit: limit)
    var steps: [EditStep] = []
    steps.reserveCapacity(count)
    for _ in 0..<count { steps.append(try step(limit: limit, layout: layout)) }
    return steps
  }

  fileprivate mutating func gridEdit() throws(ActionCodec.DecodingError) -> GridEdit {
    GridEdit(tempo: try optionalDouble(), anchorSec: try double(), shiftSec: try double())
  }

  fileprivate mutating func rhythm(limit: Int) throws(ActionCodec.DecodingError) -> Rhythm {
    var rhythm = Rhythm()
    rhythm.detected = try bool() ? try beatGrid() : nil
    rhythm.edit = try gridEdit()
    let tapCount = try count(limit: limit)
    for _ in 0..<tapCount { rhythm.taps.append(try date()) }
    rhythm.clicks.metronomeOn = try bool()
    rhythm.clicks.level = try double()
    guard let beats = Int(exactly: Int64(bitPattern: try uint64())) else {
      throw .invalidValue("count-in beats")
    }
    rhythm.clicks.countInBeats = beats
    rhythm.clicks.countInEveryPass = try bool()
    rhythm.snap = try ActionCodec.snap(byte())
    return rhythm
  }

  fileprivate mutating func savedLoops(limit: Int) throws(ActionCodec.DecodingError)
    -> [SavedLoop]
  {
    let count = try count(limit: limit)
    var loops: [SavedLoop] = []
    loops.reserveCapacity(count)
    for _ in 0..<count {
      loops.append(SavedLoop(name: try string(), aSec: try double(), bSec: try double()))
    }
    return loops
  }

  fileprivate mutating func step(limit: Int, layout: UInt8)
    throws(ActionCodec.DecodingError) -> EditStep
  {
    let label = try string()
    var loop: ValueChange<LoopPoints>?
    if try bool() { loop = ValueChange(before: try loopPoints(), after: try loopPoints()) }
    let speed = try valueChange()
    let pitch = try valueChange()
    var step = EditStep(
      label: label, loop: loop, speed: speed, pitch: pitch,
      markersAdded: try markerEdits(limit: limit, layout: layout),
      markersRemoved: try markerEdits(limit: limit, layout: layout))
    if layout >= 2, try bool() {
      step.savedLoops = ValueChange(
        before: try savedLoops(limit: limit), after: try savedLoops(limit: limit))
    }
    if layout >= 3, try bool() {
      step.grid = ValueChange(before: try gridEdit(), after: try gridEdit())
    }
    return step
  }

  fileprivate mutating func valueChange() throws(ActionCodec.DecodingError) -> ValueChange<Double>?
  {
    try bool() ? ValueChange(before: try double(), after: try double()) : nil
  }

  fileprivate mutating func markerEdits(limit: Int, layout: UInt8)
    throws(ActionCodec.DecodingError) -> [MarkerEdit]
  {
    let count = try count(limit: limit)
    var edits: [MarkerEdit] = []
    edits.reserveCapacity(count)
    for _ in 0..<count {
      let marker = try marker(layout: layout)
      guard let index = Int(exactly: Int64(bitPattern: try uint64())) else {
        throw .invalidValue("marker index")
      }
      edits.append(MarkerEdit(marker: marker, index: index))
    }
    return edits
  }
}
