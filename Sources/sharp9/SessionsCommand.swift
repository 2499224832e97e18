import ArgumentParser
import Sharp9Domain
import Sharp9Store
import Sharp9Words

/// `sharp9 sessions`: the stored sessions as a table.
struct SessionsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sessions",
    abstract: "List the stored sessions.",
    discussion: """
      A header line, then one session per line, oldest first, starting with its full id: \
      title (the first 31 characters), start time (UTC), number of events, duration (t of the \
      last event) and source audio. Control characters in titles and paths are escaped.
      """)

  @Flag(help: "Print one JSON object per session (JSON Lines) instead of a table.")
  var json = false

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    let store = try database.openLog(.mustExist)
    if json {
      var output = StandardOutput()
      for session in try store.sessions() {
        output.line(try ReportJSON.line(ReportJSON.Session(session)))
      }
      try output.flush()
      return
    }
    var rows = [["ID", "TITLE", "STARTED", "EVENTS", "DURATION", "AUDIO"]]
    for session in try store.sessions() {
      rows.append([
        session.idString, session.title, TextTable.utc(session.startedAt.date),
        String(session.eventCount), formatTime(session.lastT), session.audio?.path ?? "-",
      ])
    }
    var output = StandardOutput()
    for line in TextTable.lines(rows, rightAligned: [3, 4], truncated: [1]) { output.line(line) }
    try output.flush()
  }
}
