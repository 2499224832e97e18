import Foundation
import Testing

/// Runs SQL on a database file with the `sqlite3` shell: what another application, or a person
/// editing the file by hand, would do to it.
enum SQLiteShell {
  /// Runs `sql` on `path` and expects the shell to succeed.
  static func run(_ path: String, _ sql: String) throws {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/sqlite3")
    process.arguments = [path, sql]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "sqlite3 \(sql)")
  }
}
