import Foundation

/// Why an audio file could not be read or written: the file, the kind of failure and its detail.
///
/// `description` is one line of data, for example `cannot read 'take1.wav': the file is
/// truncated or corrupt (header promises 88200 frames, 49989 present)`; what to do about it is
/// the front end's to say (the CLI's `ErrorReport`, by ``Kind``).
public struct AudioFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of failure happened; front ends choose their advice by it.
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    /// Nothing exists at the path.
    case notFound
    /// The path is a directory or another non-regular file.
    case notAFile
    /// The file has zero bytes.
    case empty
    /// The file exists but could not be opened (permissions, I/O error).
    case unreadable
    /// The bytes are not an audio format libsndfile understands, or the encoding is unsupported.
    case unsupportedFormat
    /// The header is recognised but damaged.
    case malformed
    /// The file ends before the audio its header promises, or decoding lost sync.
    case truncated
    /// The requested output container and sample format cannot be combined (FLAC float).
    case unsupportedOutput
    /// The output could not be created (its folder is not writable, say): nothing was written.
    case createFailed
    /// Writing, closing or renaming the output failed part-way (a full disk): the target is
    /// untouched.
    case writeFailed
  }

  /// The file concerned (for writes: the final target, not the temporary file).
  public var url: URL
  /// The kind of failure.
  public var kind: Kind
  /// Specifics: libsndfile's message or the numbers that show the problem.
  public var detail: String

  /// Creates an error.
  public init(url: URL, kind: Kind, detail: String) {
    self.url = url
    self.kind = kind
    self.detail = detail
  }

  /// One line: verb, file name, reason and detail.
  public var description: String {
    let verb =
      [.unsupportedOutput, .createFailed, .writeFailed].contains(kind)
      ? "cannot write" : "cannot read"
    return "\(verb) '\(url.path)': \(summary) (\(detail))"
  }

  private var summary: String {
    switch kind {
    case .notFound: "no such file"
    case .notAFile: "not a regular file"
    case .empty: "the file is empty"
    case .unreadable: "the file cannot be opened"
    case .unsupportedFormat: "not a supported audio format"
    case .malformed: "the audio header is damaged"
    case .truncated: "the file is truncated or corrupt"
    case .unsupportedOutput: "unsupported output format"
    case .createFailed: "cannot create the file"
    case .writeFailed: "writing failed"
    }
  }
}
