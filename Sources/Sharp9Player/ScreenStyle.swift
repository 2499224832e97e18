import CNcurses

/// What a run of text on the player's screen is, so the terminal can show it in colour (when it
/// has colour) or with attributes alone (bold, dim, reverse) when it does not.
enum ScreenStyle: Int16, CaseIterable {
  case plain, strong, faint, inverse, inverseStrong
  case speed, pitch, alarm, on, toast
  case meterLow, meterMid, meterHigh, hold, clip
  case wave, region, marker, playhead

  /// Foreground and background colour (curses colour numbers; -1 is the terminal's own), or
  /// nil for the terminal's default pair.
  var colours: (foreground: Int16, background: Int16)? {
    let pair: (Int32, Int32)? =
      switch self {
      case .plain, .strong, .faint, .inverse, .inverseStrong: nil
      case .speed, .wave: (COLOR_CYAN, -1)
      case .pitch: (COLOR_MAGENTA, -1)
      case .alarm, .meterHigh, .playhead: (COLOR_RED, -1)
      case .on, .meterLow: (COLOR_GREEN, -1)
      case .toast, .meterMid, .marker: (COLOR_YELLOW, -1)
      case .hold: (COLOR_WHITE, -1)
      case .clip: (COLOR_WHITE, COLOR_RED)
      case .region: (COLOR_CYAN, COLOR_BLUE)
      }
    return pair.map { (Int16($0.0), Int16($0.1)) }
  }

  /// Bold, dim and reverse video: with colour, and (`colour` false) the plain rendering, where
  /// reverse and bold alone set apart what colour would.
  func attributes(colour: Bool) -> (bold: Bool, dim: Bool, reverse: Bool) {
    switch self {
    case .plain, .wave, .region, .marker, .meterLow, .meterMid, .meterHigh: (false, false, false)
    case .faint: (false, true, false)
    case .inverse: (false, false, true)
    case .inverseStrong: (true, false, true)
    case .clip: (true, false, !colour)
    case .strong, .speed, .pitch, .alarm, .on, .toast, .hold, .playhead: (true, false, false)
    }
  }
}

/// One row of the screen: runs of text, each in one style.
struct ScreenLine: Equatable {
  /// The runs, left to right (neighbours in the same style are merged).
  private(set) var spans: [(text: String, style: ScreenStyle)] = []

  /// An empty row.
  init() {}

  /// A row of `text` in `style`.
  init(_ text: String, _ style: ScreenStyle = .plain) { add(text, style) }

  /// Appends `text` in `style`.
  mutating func add(_ text: String, _ style: ScreenStyle = .plain) {
    guard !text.isEmpty else { return }
    if let last = spans.last, last.style == style {
      spans[spans.count - 1].text += text
    } else {
      spans.append((text, style))
    }
  }

  /// Appends every run of `other`.
  mutating func add(_ other: ScreenLine) {
    for span in other.spans { add(span.text, span.style) }
  }

  /// The characters alone, as a terminal without attributes shows them.
  var text: String { spans.map(\.text).joined() }

  static func == (left: ScreenLine, right: ScreenLine) -> Bool {
    left.spans.count == right.spans.count
      && zip(left.spans, right.spans).allSatisfy { $0.text == $1.text && $0.style == $1.style }
  }
}
