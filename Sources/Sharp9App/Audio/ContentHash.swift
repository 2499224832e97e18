import Crypto
import Foundation
import Sharp9Store

/// The SHA-256 of bytes that arrive in pieces (a file read in chunks, an upload as it streams
/// in), written as sessions and the song library name audio: 64 lower-case hex digits.
public struct ContentHash {
  private var hasher = SHA256()

  /// A hash of no bytes yet.
  public init() {}

  /// Adds `bytes`.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    hasher.update(bufferPointer: bytes)
  }

  /// Adds `data`.
  public mutating func update(data: Data) {
    hasher.update(data: data)
  }

  /// The hash of every byte added, in lower-case hex.
  public func hex() -> String {
    hexString(hasher.finalize())
  }
}
