import ArgumentParser

/// A number on the command line as people write it: `-2`, `+2`, or `−2` with the Unicode minus
/// sign (U+2212) that help texts and documents print in ranges such as `−12…12`.
///
/// Options taking one are declared with `parsing: .unconditional`, so `--pitch -2` reads `-2` as
/// the value rather than as an unknown option.
struct SignedNumber: ExpressibleByArgument, Equatable {
  /// The number.
  var value: Double

  /// `value` as given.
  init(_ value: Double) { self.value = value }

  init?(argument: String) {
    var text = argument.replacingOccurrences(of: "\u{2212}", with: "-")
    if text.hasPrefix("+") { text.removeFirst() }
    guard let value = Double(text), value.isFinite else { return nil }
    self.value = value
  }

  var defaultValueDescription: String { String(value) }
}
