import Crypto
import Sharp9Domain

extension StateCodec {
  /// A checkpoint of a state: its lossless snapshot bytes and its hash.
  struct Checkpoint {
    /// ``snapshot(_:)``'s bytes.
    var snapshot: [UInt8]
    /// ``hash(_:)``.
    var hash: [UInt8]
  }

  /// ``snapshot(_:)`` and ``hash(_:)`` of `state` from one pass over its edit history (see
  /// ``CanonicalStateWriter/checkpointBytes(of:)``): what import, record and `verify` need every
  /// 1000 events. The same bytes as the two calls (tested).
  func checkpoint(_ state: State) throws -> Checkpoint {
    if let bytes = CanonicalStateWriter.checkpointBytes(of: state) {
      return Checkpoint(snapshot: bytes.snapshot, hash: Array(SHA256.hash(data: bytes.interchange)))
    }
    return Checkpoint(snapshot: Array(try snapshot(state)), hash: try hash(state))
  }
}
