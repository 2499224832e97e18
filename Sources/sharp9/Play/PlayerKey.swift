/// One input event of the player: a key or a mouse event on the screen.
enum PlayerKey: Equatable {
  /// A printable character (`a`, `L`, `?`, space).
  case character(Character)
  case left, right, home, end
  /// Ctrl-C (raw mode delivers it as a key).
  case interrupt
  /// A left-button press at a screen cell (1-based column and row).
  case click(column: Int, row: Int)
  /// The mouse moved with the left button held.
  case drag(column: Int, row: Int)

  /// Decodes the bytes of one read: characters, the usual escape sequences for the arrows and
  /// Home/End (xterm, VT and tmux forms), and SGR mouse reports (`ESC [ < b ; x ; y M`).
  /// Unknown sequences are dropped.
  static func decode(_ bytes: [UInt8]) -> [PlayerKey] {
    var keys: [PlayerKey] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x5B || bytes[index + 1] == 0x4F
      {
        var end = index + 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) || bytes[end] == 0x3C {
          end += 1
        }
        guard end < bytes.count else { break }
        let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
        if let key = sequence(body, final: bytes[end]) { keys.append(key) }
        index = end + 1
        continue
      }
      switch byte {
      case 0x03: keys.append(.interrupt)
      case 0x20...0x7E: keys.append(.character(Character(Unicode.Scalar(byte))))
      default: break
      }
      index += 1
    }
    return keys
  }

  private static func sequence(_ body: String, final: UInt8) -> PlayerKey? {
    switch (body, final) {
    case ("", 0x44): return .left  // D
    case ("", 0x43): return .right  // C
    case ("", 0x48), ("1", 0x7E), ("7", 0x7E): return .home  // H, 1~, 7~
    case ("", 0x46), ("4", 0x7E), ("8", 0x7E): return .end  // F, 4~, 8~
    default: break
    }
    guard body.hasPrefix("<"), final == 0x4D else { return nil }  // M: press or motion
    let numbers = body.dropFirst().split(separator: ";").compactMap { Int($0) }
    guard numbers.count == 3 else { return nil }
    switch numbers[0] {
    case 0: return .click(column: numbers[1], row: numbers[2])
    case 32: return .drag(column: numbers[1], row: numbers[2])
    default: return nil
    }
  }
}
