import Foundation
import Testing

/// `sharp9 app` command lines that fail before anything starts: one line, the status, and no
/// server, session or library left behind.
@Suite struct AppCommandTests {
  @Test func aPortOutOfRangeIsAUsageError() throws {
    let result = try CLI.run(["app", "--no-device", "--port", "70000"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--port must be 0…65535 (0: any free port), not 70000"))
  }

  @Test func aMissingSongStopsBeforeTheServerStarts() throws {
    let directory = try TemporaryDirectory()
    let database = directory.url.appending(path: "sharp9.sqlite").path
    let result = try CLI.run(
      ["app", "nosuch.wav", "--no-device", "--port", "0", "--db", database],
      directory: directory.url)
    #expect(result.status == 66)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("sharp9: error: "))
    #expect(!FileManager.default.fileExists(atPath: directory.url.appending(path: "songs").path))
    #expect(!FileManager.default.fileExists(atPath: database))
  }

  @Test func aTeeOverTheDatabaseIsRefused() throws {
    let directory = try TemporaryDirectory()
    let database = directory.url.appending(path: "sharp9.sqlite").path
    let result = try CLI.run(
      ["app", "--no-device", "--port", "0", "--tee", database, "--db", database],
      directory: directory.url)
    #expect(result.status == 73)
    #expect(result.stdout == "")
    #expect(!FileManager.default.fileExists(atPath: database))
  }
}
