import Sharp9Domain

/// The byte form of how loop passes are practised, shared by the action codec (the plans the
/// musician sets) and the binary state snapshot: a "present" byte before each optional, counts
/// as 8 bytes, speeds as their exact bit patterns, the stop behaviour as one byte.
extension ByteWriter {
  mutating func write(passLimit: Int?) {
    write(passLimit != nil)
    if let passLimit { write(UInt64(bitPattern: Int64(passLimit))) }
  }

  mutating func write(trainer: SpeedTrainer?) {
    write(trainer != nil)
    guard let trainer else { return }
    write(trainer.startSpeed)
    write(trainer.step)
    write(UInt64(bitPattern: Int64(trainer.everyPasses)))
    write(trainer.targetSpeed)
    write(trainer.onStop == .reset ? UInt8(0) : 1)
  }

  mutating func write(_ practice: LoopPractice) {
    write(passLimit: practice.passLimit)
    write(trainer: practice.trainer)
  }
}

extension ByteReader {
  /// A count as written (any 64-bit value; the reducer refuses those out of range), which must
  /// fit an `Int`.
  mutating func passLimit() throws(ActionCodec.DecodingError) -> Int? {
    guard try bool() else { return nil }
    return try integer("pass count")
  }

  mutating func trainer() throws(ActionCodec.DecodingError) -> SpeedTrainer? {
    guard try bool() else { return nil }
    let start = try double()
    let step = try double()
    let every = try integer("trainer passes")
    let target = try double()
    let onStop: SpeedTrainer.OnStop
    switch try byte() {
    case 0: onStop = .reset
    case 1: onStop = .hold
    case let other: throw .invalidValue("trainer stop byte \(other)")
    }
    return SpeedTrainer(
      startSpeed: start, step: step, everyPasses: every, targetSpeed: target, onStop: onStop)
  }

  mutating func loopPractice() throws(ActionCodec.DecodingError) -> LoopPractice {
    LoopPractice(passLimit: try passLimit(), trainer: try trainer())
  }

  private mutating func integer(_ what: String) throws(ActionCodec.DecodingError) -> Int {
    guard let value = Int(exactly: Int64(bitPattern: try uint64())) else {
      throw .invalidValue(what)
    }
    return value
  }
}
