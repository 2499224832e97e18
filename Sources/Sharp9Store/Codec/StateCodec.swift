import Crypto
import Foundation
import Sharp9Domain

/// How a ``State`` is stored in a checkpoint and how its hash is computed.
///
/// - The snapshot is JSON with dates as their exact `timeIntervalSinceReferenceDate` (lossless:
///   the interchange format rounds dates to milliseconds, which would make a replay started from a
///   snapshot differ from one started from scratch). JSON, not a binary layout, so snapshots keep
///   decoding when later issues add fields to `State`; a snapshot that no longer decodes is skipped.
/// - The hash is SHA-256 of the canonical interchange JSON (`Interchange.encoder(canonical: true)`),
///   the form the issue specifies, so other tools can recompute it from `sharp9 state --json`.
public struct StateCodec {
  private let snapshotEncoder: JSONEncoder
  private let snapshotDecoder = JSONDecoder()
  private let canonicalEncoder = Interchange.encoder(canonical: true)

  /// Creates the coders (reuse one instance: encoders are not free to create).
  public init() {
    snapshotEncoder = JSONEncoder()
    snapshotEncoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    snapshotEncoder.dateEncodingStrategy = .deferredToDate
    snapshotEncoder.nonConformingFloatEncodingStrategy = .throw
    snapshotDecoder.dateDecodingStrategy = .deferredToDate
  }

  /// The lossless snapshot bytes of `state`.
  /// Written by ``CanonicalStateWriter`` (the same bytes as the snapshot encoder, far faster).
  public func snapshot(_ state: State) throws -> Data {
    if let bytes = CanonicalStateWriter.bytes(of: state, dates: .referenceSeconds) {
      return Data(bytes)
    }
    return try snapshotEncoder.encode(state)
  }

  /// The snapshot as the `JSONEncoder` writes it (tests compare the writers).
  func encoderSnapshot(_ state: State) throws -> Data { try snapshotEncoder.encode(state) }

  /// Decodes snapshot bytes.
  public func state(fromSnapshot data: Data) throws -> State {
    try snapshotDecoder.decode(State.self, from: data)
  }

  /// The canonical interchange JSON of `state` (what hashes are computed over). Written by
  /// ``CanonicalStateWriter`` (the same bytes, far faster), else by the interchange encoder.
  public func canonicalJSON(_ state: State) throws -> Data {
    if let bytes = CanonicalStateWriter.bytes(of: state) { return Data(bytes) }
    return try canonicalEncoder.encode(state)
  }

  /// The canonical JSON as the interchange `JSONEncoder` writes it (tests compare the writers).
  func encoderCanonicalJSON(_ state: State) throws -> Data { try canonicalEncoder.encode(state) }

  /// SHA-256 of the canonical interchange JSON of `state`.
  public func hash(_ state: State) throws -> [UInt8] {
    if let bytes = CanonicalStateWriter.bytes(of: state) { return Array(SHA256.hash(data: bytes)) }
    return Array(SHA256.hash(data: try canonicalEncoder.encode(state)))
  }
}
