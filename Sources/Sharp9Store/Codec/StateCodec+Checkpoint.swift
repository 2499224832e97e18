import Sharp9Domain

extension StateCodec {
  /// A checkpoint of a state: its lossless snapshot bytes and its hash.
  struct Checkpoint {
    /// ``snapshot(_:)``'s bytes.
    var snapshot: [UInt8]
    /// ``hash(_:)``.
    var hash: [UInt8]
  }

  /// ``snapshot(_:)`` and ``hash(_:)`` of `state`: what import, record and `verify` need every
  /// 1000 events, without the `Data` round trip of the two public calls.
  func checkpoint(_ state: State) throws -> Checkpoint {
    Checkpoint(snapshot: BinaryStateSnapshot.encode(state), hash: try hash(state))
  }
}
