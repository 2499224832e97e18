/// A `Host` value (RFC 9110 §7.2: `uri-host [":" port]`), as the server accepts it: a name of
/// letters, digits, `-` and `.`, or an IPv6 address in brackets; then optionally `:` and a port of
/// 1–5 digits in 1...65535. Nothing else: no user information, no second colon, no spaces.
struct Authority: Equatable {
  /// The host name, lower-cased (`[::1]` with its brackets).
  var name: String
  /// The port, when given.
  var port: Int?

  /// nil unless `text` is exactly a host and an optional port.
  init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty, bytes.count <= 300 else { return nil }
    let nameEnd: Int
    if bytes[0] == UInt8(ascii: "[") {
      guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > 1,
        bytes[1..<close].allSatisfy({
          Self.isHex($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".")
        })
      else { return nil }
      nameEnd = close + 1
    } else {
      nameEnd = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
      guard nameEnd > 0,
        bytes[..<nameEnd].allSatisfy({
          Self.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        })
      else { return nil }
    }
    name = String(decoding: bytes[..<nameEnd], as: UTF8.self).lowercased()
    let rest = bytes[nameEnd...]
    if rest.isEmpty {
      port = nil
      return
    }
    let digits = rest.dropFirst()
    guard rest.first == UInt8(ascii: ":"), (1...5).contains(digits.count),
      digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let port = Int(String(decoding: digits, as: UTF8.self)), (1...65535).contains(port)
    else { return nil }
    self.port = port
  }

  /// `http://name[:port]` as a browser sends it in `Origin`; nil for anything else (`null`, a
  /// path, another scheme).
  init?(origin: String) {
    guard origin.hasPrefix("http://") else { return nil }
    self.init(String(origin.dropFirst("http://".count)))
  }

  private static func isHex(_ byte: UInt8) -> Bool {
    (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
  }
}
