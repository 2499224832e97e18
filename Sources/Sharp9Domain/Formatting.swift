/// Display formatting of times, speeds and pitches, exactly as the app shows them.
///
/// Written with integer arithmetic rather than `FormatStyle`: the results must be the same on
/// every machine and locale, times are truncated (a playhead at 0.299 s has not reached 0.30),
/// and binary float error must not leak (0.29 s is 0.28999999999999998 as a `Double` and must
/// still read "0.29"). So values are first rounded to whole microseconds (or hundredths), then
/// split with integer division.

/// `MM:SS.xx`: minutes (two digits or more: 3725.5 → `62:05.50`), seconds, truncated hundredths.
/// Negative times get a leading `-`; non-finite or absurdly large ones read `--:--.--`.
public func formatTime(_ seconds: Double) -> String {
  guard let microseconds = wholeUnits(abs(seconds), perSecond: 1_000_000) else {
    return "--:--.--"
  }
  let hundredths = microseconds / 10_000
  let sign = seconds < 0 && hundredths > 0 ? "-" : ""
  return sign + twoDigits(hundredths / 6000) + ":" + twoDigits(hundredths / 100 % 60) + "."
    + twoDigits(hundredths % 100)
}

/// Speed with two decimals and ` x`: `0.95 x`, `1.00 x`.
public func formatSpeed(_ speed: Double) -> String {
  fixedTwoDecimals(speed, plusSign: false) + " x"
}

/// A number of loop passes: `1 pass`, `4 passes`.
public func formatPasses(_ passes: Int) -> String {
  passes == 1 ? "1 pass" : String(passes) + " passes"
}

/// Pitch in semitones with two decimals, signed when not zero: `0.00 st`, `+2.00 st`,
/// `-3.00 st`.
public func formatPitch(_ semitones: Double) -> String {
  fixedTwoDecimals(semitones, plusSign: true) + " st"
}

/// `value` rounded to hundredths as `[-]I.FF` (`+` for positive values when `plusSign`).
private func fixedTwoDecimals(_ value: Double, plusSign: Bool) -> String {
  guard let hundredths = wholeUnits(abs(value), perSecond: 100) else { return "--" }
  let sign = hundredths == 0 ? "" : value < 0 ? "-" : plusSign ? "+" : ""
  return sign + String(hundredths / 100) + "." + twoDigits(hundredths % 100)
}

/// `magnitude * perSecond` rounded to an integer, or `nil` when not finite or too large to be a
/// sensible display value (beyond about 30,000 years of seconds).
private func wholeUnits(_ magnitude: Double, perSecond: Double) -> Int64? {
  let scaled = (magnitude * perSecond).rounded()
  guard scaled.isFinite, scaled < 1e18 else { return nil }
  return Int64(scaled)
}

/// A non-negative integer with at least two digits.
private func twoDigits(_ value: Int64) -> String {
  value < 10 ? "0" + String(value) : String(value)
}
