import Foundation
import Testing

/// The audio analysis commands refuse a missing file (66) and one that is not audio (65) with
/// the same one line, naming the path as given after resolving it, and print nothing.
@Suite struct UnreadableAudioInputTests {
  let scratch: TemporaryDirectory
  var directory: URL { scratch.url }

  init() throws {
    scratch = try TemporaryDirectory()
    try Data("hello, I am text\n".utf8).write(to: directory.appending(path: "notes.txt"))
  }

  @Test(arguments: [["peaks"], ["beats", "--json"]])
  func missingFile(command: [String]) throws {
    let path = directory.appending(path: "nope.wav").path
    #expect(
      try CLI.run([command[0], "nope.wav"] + command.dropFirst(), directory: directory)
        == CLI.Result(
          status: 66,
          stdout: "",
          stderr: "sharp9: error: cannot read '\(path)': no such file (nothing exists at this "
            + "path). Check the path\n"))
  }

  @Test(arguments: ["peaks", "beats"])
  func notAudio(command: String) throws {
    let path = directory.appending(path: "notes.txt").path
    #expect(
      try CLI.run([command, "notes.txt"], directory: directory)
        == CLI.Result(
          status: 65,
          stdout: "",
          stderr: "sharp9: error: cannot read '\(path)': not a supported audio format (open: "
            + "Format not recognised.). Use WAV, AIFF, FLAC, Ogg Vorbis, Opus or MP3, or convert "
            + "it (e.g. with ffmpeg or sox)\n"))
  }
}
