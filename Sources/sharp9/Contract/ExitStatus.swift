import ArgumentParser

/// The exit statuses of every `sharp9` command, from BSD's `sysexits.h`, so scripts (and
/// `minimize --until`) can tell "found a problem" from "could not run".
///
/// Commands never pick a number themselves: they throw a ``CommandFailure`` with one of these,
/// or a library error that ``ErrorReport`` words and classifies. `sharp9 --help` and the man
/// page list them in a table made from these cases (``table``).
enum ExitStatus: Int32, CaseIterable, Sendable {
  /// 0: the command did what was asked.
  case ok = 0
  /// 1: the command ran and found a problem (verify divergence, check violation, fuzz failure).
  case foundProblem = 1
  /// 64 (EX_USAGE): the command line is wrong (unknown option, missing value, bad number).
  case usage = 64
  /// 65 (EX_DATAERR): input data is bad: a script, a bundle, an audio file, or a database that
  /// is corrupt, newer, or not sharp9's.
  case badData = 65
  /// 66 (EX_NOINPUT): an input does not exist or cannot be read (file, session, database).
  case noInput = 66
  /// 69 (EX_UNAVAILABLE): something the command needs is missing (an audio device, a library).
  case unavailable = 69
  /// 70 (EX_SOFTWARE): a bug in sharp9: an error it has no words for.
  case internalError = 70
  /// 73 (EX_CANTCREAT): an output cannot be created (exists without `--force`, is an input,
  /// directory missing or not writable).
  case cannotCreate = 73
  /// 74 (EX_IOERR): reading or writing failed midway (disk full, standard output closed).
  case ioError = 74
  /// 75 (EX_TEMPFAIL): temporarily unavailable: the database is locked, or another writer got
  /// there first; retrying may work.
  case temporary = 75
  /// 77 (EX_NOPERM): a server refused the token (unknown, revoked, or not allowed this).
  case noPermission = 77

  /// The argument parser's form of the status.
  var exitCode: ExitCode { ExitCode(rawValue) }

  /// The status's line in the table: what it means, in a few words.
  var meaning: String {
    switch self {
    case .ok: "ok"
    case .foundProblem: "ran and found a problem (verify divergence, check violation, fuzz)"
    case .usage: "usage: the command line is wrong"
    case .badData: "bad data: script, bundle, audio, or a corrupt/newer/foreign database"
    case .noInput: "an input does not exist or cannot be read (file, session, database)"
    case .unavailable: "unavailable: something the command needs is missing"
    case .internalError: "internal error: a bug in sharp9 (please report it)"
    case .cannotCreate: "cannot create an output (exists without --force, is an input, ...)"
    case .ioError: "I/O error: a read or write failed (disk full, output closed)"
    case .temporary:
      "temporarily unavailable: the database is locked, or another writer got there first; retry"
    case .noPermission: "permission denied: a server refused the token"
    }
  }

  /// The table `--help` (and so the man page) shows, made from the cases: one status a line,
  /// its meaning wrapped to fit 75 columns.
  static var table: String {
    var lines = ["Exit statuses (sysexits.h):"]
    for status in allCases {
      let code = String(status.rawValue)
      var line = "  " + code + String(repeating: " ", count: 4 - code.count)
      for word in status.meaning.split(separator: " ") {
        if line.count + 1 + word.count > 75 {
          lines.append(line)
          line = String(repeating: " ", count: 6)
        } else if !line.hasSuffix(" ") {
          line += " "
        }
        line += word
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}
