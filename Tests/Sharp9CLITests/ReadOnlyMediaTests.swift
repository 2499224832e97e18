import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A database on media that cannot be written is read by every read command without a `-wal`
/// or `-shm` left beside it, and the file stays byte-identical. Generated: each kind of read-only
/// media (a read-only bind mount, a file with the immutable attribute, a folder of mode 555 read
/// as `nobody`) × each read command. The kinds need root on Linux (mount, chattr, setpriv); one
/// this machine cannot make is skipped, and the test fails if it can make none.
@Suite(.enabled(if: getuid() == 0, "needs root to make read-only media"))
struct ReadOnlyMediaTests {
  static func tool(_ path: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(filePath: path)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// Runs `sharp9 arguments` (as `nobody` when asked); its status and output.
  static func run(_ arguments: [String], asNobody: Bool) throws -> (Int32, String) {
    let process = Process()
    if asNobody {
      process.executableURL = URL(filePath: "/usr/bin/setpriv")
      process.arguments =
        ["--reuid=65534", "--regid=65534", "--clear-groups", StoreCLI.executable.path] + arguments
    } else {
      process.executableURL = StoreCLI.executable
      process.arguments = arguments
    }
    let output = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  @Test func everyReadCommandLeavesReadOnlyMediaAsItWas() async throws {
    let cli = try StoreCLI()
    let source = cli.directory.appending(path: "source")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: false)
    let script = try cli.file("s.jsonl", OutputFileTests.script)
    let imported = try await cli.run(
      ["import", script, "--db", source.appending(path: "sharp9.sqlite").path], database: false)
    let id = imported.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    try #require(imported.status == 0, "\(imported.stderr)")
    let bytes = try Data(contentsOf: source.appending(path: "sharp9.sqlite"))
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: cli.directory.path)
    let commands: [[String]] = [
      ["sessions"], ["state", id], ["state", id, "--at", "2"], ["log", id], ["export", id],
      ["verify", id], ["history", id], ["check", id], ["diff", id, "1", "2"], ["timeline", id],
    ]
    var kindsMade = 0
    for kind in ["bind mount", "immutable file", "folder 555 as nobody"] {
      let folder = cli.directory.appending(path: kind.replacingOccurrences(of: " ", with: "-"))
      try FileManager.default.copyItem(at: source, to: folder)
      let database = folder.appending(path: "sharp9.sqlite").path
      var undo: () -> Void = {}
      var made = false
      switch kind {
      case "bind mount":
        made =
          Self.tool("/bin/mount", ["--bind", folder.path, folder.path])
          && Self.tool("/bin/mount", ["-o", "remount,bind,ro", folder.path])
        undo = { _ = Self.tool("/bin/umount", [folder.path]) }
      case "immutable file":
        made = Self.tool("/usr/bin/chattr", ["+i", database])
        undo = { _ = Self.tool("/usr/bin/chattr", ["-i", database]) }
      default:
        made = FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        undo = {
          try? FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
      }
      defer { undo() }
      guard made else { continue }
      kindsMade += 1
      for command in commands {
        let (status, output) = try Self.run(
          command + ["--db", database], asNobody: kind.hasSuffix("nobody"))
        #expect(status == 0, "\(kind), \(command): \(output)")
        #expect(
          try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["sharp9.sqlite"],
          "\(kind), \(command) left files beside the database")
      }
      #expect(try Data(contentsOf: URL(filePath: database)) == bytes, "\(kind): the file changed")
    }
    #expect(kindsMade > 0, "no kind of read-only media could be made here")
  }
}
