import Sharp9Domain

extension PlayerBindings {
  /// The keys a MIDI pedal or controller may be bound to, by the names the page sends
  /// (``PlayerKey/named(_:)``): every key ``help`` lists whose command is a musician's action,
  /// so not the screen's own (help, the typing line, quit). Read from the help table, so a key
  /// added there can be bound with nothing else to change.
  public static let bindableKeys: [String] = {
    var names: [String] = []
    for row in help {
      let tokens = row.keys.split(separator: " ")
      for token in tokens where token != "/" {
        // "q," in "q, Ctrl-C"; "Home/End" names two keys.
        let trimmed =
          tokens.count > 1 && token.count > 1 && token.hasSuffix(",")
          ? token.dropLast() : token
        let parts =
          trimmed.count > 1 && trimmed.contains("/")
          ? trimmed.split(separator: "/") : [trimmed]
        for part in parts {
          let name =
            switch part {
            case "Space": " "
            case "←": "ArrowLeft"
            case "→": "ArrowRight"
            default: String(part)
            }
          guard let key = PlayerKey.named(name), !names.contains(name) else { continue }
          switch command(for: key, state: State(), playheadSec: 0) {
          case .prompt, .toggleHelp, .quit: continue
          case .send, .ignore: names.append(name)
          }
        }
      }
    }
    return names
  }()
}
