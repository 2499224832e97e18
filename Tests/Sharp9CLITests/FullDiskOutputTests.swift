import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file output that fails part-way because its disk is full is status 74, names the output
/// (never the database it was read from) and leaves nothing behind: `render -o`, `stretch`,
/// `bundle -o` (with and without audio) and `export -o`, each onto a filesystem that is full.
///
/// A real full filesystem: a 1 MiB tmpfs mounted for the test, all but a few KiB of it taken by
/// a filler file. Mounting needs root (CI and the developers' machines run as root); elsewhere
/// the test is skipped.
/// Root on Linux, where `mount -t tmpfs` works.
private let canMountTmpfs: Bool = {
  #if os(Linux)
    return getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")
  #else
    return false
  #endif
}()

@Suite(.enabled(if: canMountTmpfs, "needs root on Linux to mount a tmpfs"))
struct FullDiskOutputTests {
  /// Mounts a 1 MiB tmpfs at a new folder in `cli`'s directory with `free` bytes left.
  private func fullDisk(in cli: StoreCLI, free: Int) throws -> String {
    let mountPoint = cli.directory.appending(path: "full").path
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
    let mount = Process()
    mount.executableURL = URL(filePath: "/bin/mount")
    mount.arguments = ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint]
    try mount.run()
    mount.waitUntilExit()
    try #require(mount.terminationStatus == 0, "mount failed")
    let filler = FileManager.default.createFile(
      atPath: mountPoint + "/filler", contents: Data(count: 1_048_576 - free))
    try #require(filler)
    return mountPoint
  }

  private func unmount(_ mountPoint: String) {
    let umount = Process()
    umount.executableURL = URL(filePath: "/bin/umount")
    umount.arguments = [mountPoint]
    try? umount.run()
    umount.waitUntilExit()
  }

  @Test func aFullDiskIs74AndLeavesNothing() async throws {
    let cli = try StoreCLI()
    let id = try await cli.importSession(OutputFileTests.script, named: "out.jsonl", toneSeconds: 4)
    let disk = try fullDisk(in: cli, free: 8 << 10)
    defer { unmount(disk) }
    let commands: [(arguments: [String], database: Bool)] = [
      (["render", id, "-o", disk + "/take.wav"], true),
      (["render", id, "-o", disk + "/take.aiff", "--bits", "float"], true),
      (["stretch", "tone.wav", disk + "/slow.wav", "--speed", "0.5"], false),
      (["bundle", id, "-o", disk + "/take.sharp9"], true),
      (["bundle", id, "--with-audio", "-o", disk + "/audio.sharp9"], true),
    ]
    for command in commands {
      let output = try #require(command.arguments.first { $0.hasPrefix(disk) })
      let result = try await cli.run(command.arguments, database: command.database)
      #expect(result.status == 74, "\(command.arguments): \(result.stderr)")
      #expect(
        result.stderr.hasPrefix("sharp9: error: cannot write ")
          && result.stderr.contains(URL(filePath: output).lastPathComponent),
        "\(command.arguments): \(result.stderr)")
      #expect(!result.stderr.contains("database"), "\(command.arguments): \(result.stderr)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: disk) == ["filler"],
        "\(command.arguments) left a file")
    }
    let state = try await cli.run(["state", id])
    #expect(state.status == 0, "the database is intact: \(state.stderr)")
  }
}
