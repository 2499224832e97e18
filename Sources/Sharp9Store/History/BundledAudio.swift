import Foundation
import Sharp9Domain

/// The audio a bundle carries, taken as untrusted input: a bundle may come from anyone (an upload
/// to `sharp9 serve`, a file someone sent), so its `bundle_audio` row decides nothing about where
/// a file goes or what it replaces.
///
/// - The hash must be 64 lower-case hex digits and the SHA-256 of the bytes, or the bundle is
///   refused (``init(untrustedName:sha256:bytes:bundle:)`` throws before anything is written).
/// - The name becomes one safe file-name component (``fileName(from:)``), prefixed by the hash.
/// - ``extract(to:)`` writes only inside the audio directory (its symlinks resolved), never over
///   an existing file: one with the same bytes is reused, one with other bytes makes it choose
///   another name, and a symbolic link or special file there is refused.
struct BundledAudio {
  /// The file name to extract to (one safe component, starting with the hash's first 16 digits).
  let fileName: String
  /// The SHA-256 of ``bytes``, lower-case hex.
  let sha256: String
  /// The audio file's bytes.
  let bytes: Data

  /// The longest name component kept from the bundle, in UTF-8 bytes (file systems allow 255;
  /// the hash prefix and a `-N` for a distinct name fit beside it).
  static let maxNameBytes = 120
  /// How many distinct names are tried before giving up when other files hold the usual one.
  static let maxCandidates = 100

  /// Checks the bundle's values for the audio of `bundle` (the bundle's path, for errors).
  ///
  /// - Throws: ``BundleError/audioHashMalformed(path:)`` or
  ///   ``BundleError/audioHashMismatch(path:)``.
  init(untrustedName: String?, sha256: String?, bytes: Data, bundle: String) throws(BundleError) {
    guard let sha256, SHA256Hex.isValid(sha256) else {
      throw BundleError.audioHashMalformed(path: bundle)
    }
    guard SessionBundle.hexSHA256(bytes) == sha256 else {
      throw BundleError.audioHashMismatch(path: bundle)
    }
    self.sha256 = sha256
    self.bytes = bytes
    fileName = "\(sha256.prefix(16))-\(Self.fileName(from: untrustedName ?? ""))"
  }

  /// `untrusted` reduced to one safe file-name component: its last `/`- or `\`-separated part,
  /// every character other than letters, digits, marks and ` -_.,+()[]&'` replaced by `_`
  /// (controls, NUL and line breaks included), leading dots and spaces removed, at most
  /// ``maxNameBytes`` UTF-8 bytes with a short alphanumeric extension kept; `audio` when
  /// nothing is left.
  static func fileName(from untrusted: String) -> String {
    let last =
      untrusted.split(omittingEmptySubsequences: true) { $0 == "/" || $0 == "\\" }.last ?? ""
    var scalars = String.UnicodeScalarView()
    for scalar in last.unicodeScalars {
      scalars.append(isAllowed(scalar) ? scalar : "_")
    }
    var name = String(scalars)
    while let first = name.first, first == "." || first == " " { name.removeFirst() }
    while let last = name.last, last == " " { name.removeLast() }
    if name.utf8.count > maxNameBytes { name = shortened(name) }
    return name.isEmpty ? "audio" : name
  }

  private static let allowedPunctuation = Set(" -_.,+()[]&'".unicodeScalars)

  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    if allowedPunctuation.contains(scalar) { return true }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark:
      return true
    default:
      return false
    }
  }

  /// `name` cut to ``maxNameBytes`` UTF-8 bytes, keeping its extension when it is 1 to 8 ASCII
  /// letters or digits.
  private static func shortened(_ name: String) -> String {
    let parts = splitExtension(name)
    let suffix = parts.ext.map { ".\($0)" } ?? ""
    var stem = String.UnicodeScalarView()
    var used = suffix.utf8.count
    for scalar in parts.stem.unicodeScalars {
      let size = String(scalar).utf8.count
      guard used + size <= maxNameBytes else { break }
      stem.append(scalar)
      used += size
    }
    return String(stem) + suffix
  }

  /// The part before a short ASCII-alphanumeric extension, and that extension (without the dot).
  static func splitExtension(_ name: String) -> (stem: String, ext: String?) {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, nil) }
    let ext = name[name.index(after: dot)...]
    guard (1...8).contains(ext.utf8.count),
      ext.utf8.allSatisfy({
        (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
      })
    else { return (name, nil) }
    return (String(name[..<dot]), String(ext))
  }

  /// The names tried in turn: ``fileName``, then `STEM-2.EXT`, `STEM-3.EXT`, …
  private var candidates: [String] {
    let parts = Self.splitExtension(fileName)
    let suffix = parts.ext.map { ".\($0)" } ?? ""
    return [fileName] + (2...Self.maxCandidates).map { "\(parts.stem)-\($0)\(suffix)" }
  }

  /// Writes the bytes into `directory` (created if missing) under ``fileName`` or, when another
  /// file holds that name, a distinct one; returns the path, and whether the file is new (a file
  /// there with these exact bytes is reused). Nothing existing is replaced, and nothing is
  /// written outside the directory.
  ///
  /// - Throws: ``BundleError/unsafeAudioTarget(name:)`` when a symbolic link or a special file
  ///   holds a name tried, ``BundleError/audioWriteFailed(name:reason:)`` when writing fails.
  func extract(to directory: URL) throws -> (path: String, isNew: Bool) {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let folder = directory.resolvingSymlinksInPath().standardizedFileURL
    var temporary: URL?
    defer { if let temporary { unlink(temporary.path) } }
    var index = 0
    var attempts = 0
    let names = candidates
    while index < names.count, attempts < 2 * names.count {
      attempts += 1
      let name = names[index]
      let target = folder.appending(path: name)
      guard Self.isOneComponent(name),
        target.deletingLastPathComponent().standardizedFileURL.path == folder.path
      else {
        throw BundleError.unsafeAudioTarget(name: name)
      }
      switch try Self.existing(at: target.path, sha256: sha256, size: bytes.count) {
      case .sameBytes:
        return (target.path, false)
      case .otherBytes:
        index += 1
      case .notRegular:
        throw BundleError.unsafeAudioTarget(name: name)
      case .absent:
        let written = try temporary ?? writeTemporary(in: folder)
        temporary = written
        // `link` fails when the name exists: no window in which another file is replaced.
        if link(written.path, target.path) == 0 { return (target.path, true) }
        guard errno == EEXIST else {
          throw BundleError.audioWriteFailed(name: name, reason: String(cString: strerror(errno)))
        }
      // Created meanwhile: look at it again.
      }
    }
    throw BundleError.audioWriteFailed(
      name: fileName, reason: "\(Self.maxCandidates) other files already hold its names")
  }

  /// True when `name` is a single path component that is not `.` or `..` and holds no NUL.
  static func isOneComponent(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
      && name.utf8.count <= 255
  }

  /// What a path holds, compared with the bundled bytes.
  enum Existing: Equatable {
    case absent, sameBytes, otherBytes, notRegular
  }

  /// What is at `path` (not following a final symbolic link).
  static func existing(at path: String, sha256: String, size: Int) throws -> Existing {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      guard errno == ENOENT else {
        throw BundleError.audioWriteFailed(
          name: URL(fileURLWithPath: path).lastPathComponent,
          reason: String(cString: strerror(errno)))
      }
      return .absent
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else { return .notRegular }
    guard Int(info.st_size) == size,
      let content = FileManager.default.contents(atPath: path),
      SessionBundle.hexSHA256(content) == sha256
    else { return .otherBytes }
    return .sameBytes
  }

  /// True when `path` is a regular file (symbolic links followed) holding exactly the bundled
  /// bytes: the session's recorded audio is then used where it is. A FIFO or device is never
  /// read, and a file of another size is not read.
  func isHeld(at path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      Int(info.st_size) == bytes.count,
      let content = FileManager.default.contents(atPath: path)
    else { return false }
    return SessionBundle.hexSHA256(content) == sha256
  }

  /// The bytes in a new hidden file of `folder`, created exclusively (never an existing one).
  private func writeTemporary(in folder: URL) throws -> URL {
    let temporary = folder.appending(path: ".\(UUID().uuidString).tmp")
    let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw BundleError.audioWriteFailed(
        name: temporary.lastPathComponent, reason: String(cString: strerror(errno)))
    }
    let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    do {
      try handle.write(contentsOf: bytes)
      try handle.synchronize()
      try handle.close()
    } catch {
      unlink(temporary.path)
      throw BundleError.audioWriteFailed(name: temporary.lastPathComponent, reason: "\(error)")
    }
    return temporary
  }
}
