import Crypto
import Foundation
import Sharp9Domain

/// How a ``State`` is stored in a checkpoint, how its hash is computed, and how it is printed.
///
/// - The snapshot is the compact binary ``BinaryStateSnapshot`` (lossless: exact doubles and
///   dates; the interchange format rounds dates to milliseconds, which would make a replay started
///   from a snapshot differ from one started from scratch). Snapshots written before it are JSON
///   with dates as their exact `timeIntervalSinceReferenceDate`; they still decode (told apart by
///   their first byte, `{`). A snapshot that does not decode is skipped by `state(at:)`.
/// - The hash is SHA-256 of the canonical interchange JSON (`Interchange.encoder()`),
///   the form the issue specifies, so other tools can recompute it from `sharp9 state --json`.
/// - The printed form is the interchange JSON with keys in declaration order
///   (`OrderedJSONEncoder`), what `sharp9 state --json` and `sharp9 record` write.
///
/// The JSON forms are written by ``StateJSONWriter`` (the same bytes as the encoders, far faster),
/// with the encoders as the fallback for what it leaves to them.
public struct StateCodec {
  /// Creates a codec. It holds nothing: the Foundation coders are made only when a fallback or a
  /// JSON snapshot of an earlier version needs them (creating them costs more than a whole
  /// `state --at` otherwise spends in this codec).
  public init() {}

  /// The writer of the lossless JSON form: sorted keys, dates as exact reference-date seconds.
  private var snapshotEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .deferredToDate
    encoder.nonConformingFloatEncodingStrategy = .throw
    return encoder
  }

  private var canonicalEncoder: JSONEncoder { Interchange.encoder() }

  /// The lossless snapshot bytes of `state` (binary, see ``BinaryStateSnapshot``).
  public func snapshot(_ state: State) throws -> Data {
    Data(BinaryStateSnapshot.encode(state))
  }

  /// Decodes snapshot bytes: binary, or the JSON snapshots of earlier versions.
  public func state(fromSnapshot data: Data) throws -> State {
    try data.withUnsafeBytes { try state(fromSnapshotBytes: $0) }
  }

  /// Decodes snapshot bytes in place (SQLite's buffer, no copy).
  ///
  /// - Throws: ``ActionCodec/DecodingError`` for a binary snapshot that is truncated, malformed
  ///   or of another layout version; `DecodingError` for a JSON one that does not decode.
  public func state(fromSnapshotBytes bytes: UnsafeRawBufferPointer) throws -> State {
    if BinaryStateSnapshot.isBinary(bytes) { return try BinaryStateSnapshot.decode(bytes) }
    guard bytes.first == UInt8(ascii: "{") else {
      throw ActionCodec.DecodingError.invalidValue("snapshot format (neither binary nor JSON)")
    }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .deferredToDate
    return try decoder.decode(State.self, from: Data(bytes))
  }

  /// The lossless JSON of `state` (the snapshot form before the binary one: sorted keys, dates as
  /// exact reference-date seconds), to compare field by field with a JSON snapshot that no longer
  /// decodes.
  public func losslessJSON(_ state: State) throws -> Data {
    if let bytes = StateJSONWriter.bytes(of: state, dates: .referenceSeconds) {
      return Data(bytes)
    }
    return try snapshotEncoder.encode(state)
  }

  /// The lossless JSON as `JSONEncoder` writes it (tests compare the writers).
  func encoderLosslessJSON(_ state: State) throws -> Data { try snapshotEncoder.encode(state) }

  /// The canonical interchange JSON of `state` (what hashes are computed over).
  public func canonicalJSON(_ state: State) throws -> Data {
    if let bytes = StateJSONWriter.bytes(of: state) { return Data(bytes) }
    return try canonicalEncoder.encode(state)
  }

  /// The canonical JSON as the interchange `JSONEncoder` writes it (tests compare the writers).
  func encoderCanonicalJSON(_ state: State) throws -> Data { try canonicalEncoder.encode(state) }

  /// SHA-256 of the canonical interchange JSON of `state`.
  public func hash(_ state: State) throws -> [UInt8] {
    if let bytes = StateJSONWriter.bytes(of: state) { return Array(SHA256.hash(data: bytes)) }
    return Array(SHA256.hash(data: try canonicalEncoder.encode(state)))
  }

  /// The interchange JSON of `state` with keys in declaration order: exactly
  /// `Interchange.string(state)` (`OrderedJSONEncoder`), without its cost.
  ///
  /// - Throws: `EncodingError` for a non-finite number, as the encoder does.
  public func interchangeJSON(_ state: State) throws -> String {
    guard let bytes = StateJSONWriter.bytes(of: state, order: .declared) else {
      return try Interchange.string(state)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
