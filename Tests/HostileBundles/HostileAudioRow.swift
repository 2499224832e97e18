import Crypto
import Foundation
import Sharp9Domain

/// One hostile variant of a bundle's audio row (`bundle_audio.name`, `.sha256`, `.bytes`) and of
/// the session's recorded audio path, with what to plant in the audio directory before the
/// import: the input of the tests that try bundles as an attacker would (issue 21, S1).
public struct HostileAudioRow: Sendable, CustomStringConvertible {
  /// What is put at the name the audio would be extracted to, before the import.
  public enum Plant: Sendable, Equatable {
    case nothing
    /// A symbolic link to a file outside the audio directory.
    case symlinkToOutside
    /// A regular file with other bytes (someone else's audio).
    case otherFile
    /// A regular file with the bundled bytes (an earlier extraction).
    case sameFile
  }

  /// Where the session's recorded audio path points.
  public enum Recorded: Sendable, Equatable {
    /// A path where nothing is.
    case missing
    /// A file outside the audio directory with other bytes.
    case otherFile
    /// A file outside the audio directory with the bundled bytes.
    case sameFile
    /// A directory.
    case directory
    /// No recorded audio path (SQL NULL).
    case none
  }

  /// `bundle_audio.name`.
  public var name: String
  /// `bundle_audio.sha256`.
  public var sha256: String
  /// `bundle_audio.bytes`.
  public var bytes: [UInt8]
  /// What is planted in the audio directory first.
  public var plant: Plant
  /// The bundled session's `audio_path`.
  public var recorded: Recorded

  /// True when a careful import must refuse the bundle: a hash that is not 64 lower-case hex
  /// digits or not the bytes' SHA-256, or a symbolic link where the audio would go.
  public var mustBeRefused: Bool {
    !Self.isHexSHA256(sha256) || sha256 != Self.hexSHA256(bytes)
      || (plant == .symlinkToOutside && needsAudio)
  }

  /// True when the recorded path does not hold the bundled bytes (and there is one), so the
  /// audio has to go into the audio directory.
  public var needsAudio: Bool { recorded != .sameFile && recorded != .none }

  /// True when the import should write (or reuse) a file in the audio directory.
  public var extracts: Bool { !mustBeRefused && needsAudio }

  /// Where ``plant`` goes in the audio directory: the name sharp9 has always given an extracted
  /// file (the hash's first 16 digits, `-`, the bundled name), used only with plain names.
  public var plantedName: String { "\(sha256.prefix(16))-\(name)" }

  /// The row, for a failing expectation's message.
  public var description: String {
    "name \(name.debugDescription) (\(name.utf8.count) bytes), sha256"
      + " \(sha256.debugDescription), \(bytes.count) bytes, plant \(plant), recorded \(recorded)"
  }

  /// Lower-case hex SHA-256 of `bytes`.
  public static func hexSHA256(_ bytes: some DataProtocol) -> String {
    SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
  }

  static func isHexSHA256(_ text: String) -> Bool {
    text.utf8.count == 64
      && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }
}
