import Foundation
import Testing

/// Runs the built `sharp9 stretch` as a real process and checks its complete output.
@Suite struct StretchCommandTests {
  struct Result: Equatable {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  private static var binary: URL {
    URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "sharp9")
  }

  private func run(_ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  private func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appending(path: "sharp9-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// A mono 16-bit 44.1 kHz WAV of `frames` frames of a 440 Hz sine.
  private func writeWAV(_ url: URL, frames: Int) throws {
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    data.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + frames * 2))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(UInt16(1))
    append(UInt16(1))
    append(UInt32(44_100))
    append(UInt32(88_200))
    append(UInt16(2))
    append(UInt16(16))
    data.append(contentsOf: Array("data".utf8))
    append(UInt32(frames * 2))
    for index in 0..<frames {
      append(Int16(10_000 * sin(2 * Double.pi * 440 * Double(index) / 44_100)))
    }
    try data.write(to: url)
  }

  @Test func stretchWritesExactlyRoundedLength() throws {
    let directory = try temporaryDirectory()
    let input = directory.appending(path: "in.wav"), output = directory.appending(path: "out.wav")
    try writeWAV(input, frames: 44_100)
    let result = try run(["stretch", input.path, output.path, "--speed", "0.75", "--pitch", "2"])
    #expect(
      result == Result(status: 0, stdout: "wrote \(output.path) (58800 frames)\n", stderr: ""))
    let size = try FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int
    #expect(size == 44 + 58_800 * 2)
  }

  @Test(arguments: [
    (["--speed", "3"], "sharp9: error: --speed must be within 0.25…2 (got 3.0)\n"),
    (["--pitch=-13"], "sharp9: error: --pitch must be within -12…12 semitones (got -13.0)\n"),
    (["--pitch", "−13"], "sharp9: error: --pitch must be within -12…12 semitones (got -13.0)\n"),
    (["--bits", "8"], "sharp9: error: --bits must be 16, 24 or float, not 8\n"),
    (
      ["--format", "flac", "--bits", "float"],
      "sharp9: error: FLAC cannot store float samples. Use --bits 16 or 24\n"
    ),
  ])
  func badSettingsAreOneLineAndWriteNothing(flags: [String], message: String) throws {
    let directory = try temporaryDirectory()
    let input = directory.appending(path: "in.wav"), output = directory.appending(path: "out.wav")
    try writeWAV(input, frames: 1000)
    let result = try run(["stretch", input.path, output.path] + flags)
    #expect(result == Result(status: 64, stdout: "", stderr: message))
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test func unreadableInputIsOneLineAndWritesNothing() throws {
    let directory = try temporaryDirectory()
    let input = directory.appending(path: "missing.wav")
    let output = directory.appending(path: "out.wav")
    let result = try run(["stretch", input.path, output.path, "--speed", "0.5"])
    #expect(result.status == 66)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix("sharp9: error: ") && result.stderr.filter { $0 == "\n" }.count == 1)
    #expect(result.stderr.contains(input.path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }
}
