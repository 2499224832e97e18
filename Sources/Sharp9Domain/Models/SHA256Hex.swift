/// The one spelling of a SHA-256 that sharp9 names audio and files by: 64 lower-case hex digits,
/// ASCII only (`0-9a-f`), as `sha256sum` prints it. Anything else from outside (a bundle's row, a
/// take event, a file name, a request) is not a hash.
public enum SHA256Hex {
  /// Whether `text` is exactly that spelling.
  public static func isValid(_ text: some StringProtocol) -> Bool {
    text.utf8.count == 64
      && text.utf8.allSatisfy {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
          || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
      }
  }
}
