import ArgumentParser

/// A time within a session on the command line: seconds (`75.5`) or `MM:SS.xx` (`1:15.50`).
struct SessionTime: ExpressibleByArgument, Equatable {
  /// Seconds since the session started.
  var seconds: Double

  /// Parses `75.5` or `1:15.5`; nil (a usage error) for anything else or a negative time.
  init?(argument: String) {
    let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let last = Double(parts[parts.count - 1]), last.isFinite
    else { return nil }
    var seconds = last
    if parts.count == 2 {
      guard let minutes = Int(parts[0]), minutes >= 0, last < 60 else { return nil }
      seconds += Double(minutes) * 60
    }
    guard seconds >= 0 else { return nil }
    self.seconds = seconds
  }
}
