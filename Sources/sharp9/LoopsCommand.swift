import ArgumentParser
import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// `sharp9 loops SONG`: the song's saved loops, which belong to the song (by content) and come
/// back in every session that opens it; printed, exported as JSON, or imported from it.
struct LoopsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "loops",
    abstract: "List, export or import a song's saved loops.",
    discussion: """
      A song's loops are saved while practising (sharp9 play: s saves, n recalls) and belong to \
      the song, recognised by its content: every later session on the same audio starts with \
      them. --json prints {"song": SHA-256, "loops": [{"name", "aSec", "bSec"}]}; --import \
      FILE reads that JSON (the song field may be absent) and makes it the song's list. An \
      imported list is checked whole before anything is stored: loops within the song with A \
      before B, unique names of 1 to 100 characters, at most 100 loops.
      """)

  @Argument(help: ArgumentHelp("The song (the audio file).", valueName: "song"))
  var song: String

  @Flag(help: "Print the loops as JSON (what --import reads).")
  var json = false

  @Option(
    name: .customLong("import"),
    help: ArgumentHelp("Make the loops in this JSON file the song's.", valueName: "file"))
  var importFile: String?

  @OptionGroup var database: DatabaseOptions

  /// The JSON of `--json` and `--import`.
  struct Export: Codable {
    var song: String?
    var loops: [SavedLoop]
  }

  func run() throws {
    let url = URL(filePath: song)
    // Read like every command reads audio: missing 66, not audio 65, special files refused.
    let format = try AudioFileReader(url: url).format
    guard let sha256 = try AudioFileLocator.sha256(of: url) else {
      throw CommandFailure(
        .noInput, "cannot read \(song): it is not readable. Check its permissions")
    }
    if let importFile {
      let loops = try Self.checkedLoops(importFile, durationSec: format.durationSec)
      try database.withStoreCreatedIfMissing { store in
        try store.recordSongLoops(loops, of: sha256, from: nil, at: Date())
      }
      var output = StandardOutput()
      output.line("\(loops.count) loops for \(url.lastPathComponent)")
      try output.flush()
      return
    }
    let loops = try database.openLog(.mustExist).songLoops(of: sha256)
    var output = StandardOutput()
    if json {
      output.line(try Interchange.string(Export(song: sha256, loops: loops)))
    } else if loops.isEmpty {
      output.line("no saved loops for \(url.lastPathComponent)")
    } else {
      var rows = [["#", "NAME", "A", "B"]]
      for (index, loop) in loops.enumerated() {
        rows.append([String(index + 1), loop.name, formatTime(loop.aSec), formatTime(loop.bSec)])
      }
      for line in TextTable.lines(rows, rightAligned: [0], truncated: [1]) { output.line(line) }
    }
    try output.flush()
  }

  /// The loops of `path`, refused whole (65) when any is not a loop of a song of `durationSec`.
  static func checkedLoops(_ path: String, durationSec: Double) throws -> [SavedLoop] {
    let data = try ScriptInput(path: path).readData()
    let export: Export
    do {
      export = try Interchange.decoder().decode(Export.self, from: data)
    } catch {
      throw CommandFailure(
        .badData,
        "cannot import \(path): it is not a loops file. Give the JSON `sharp9 loops SONG --json` prints"
      )
    }
    var names = Set<String>()
    for (index, loop) in export.loops.enumerated() {
      let name = loop.name.trimmingCharacters(in: .whitespacesAndNewlines)
      guard PracticeRules.loopNameLength.contains(name.count), name == loop.name,
        names.insert(name).inserted, loop.aSec.isFinite, loop.bSec.isFinite, 0 <= loop.aSec,
        loop.aSec < loop.bSec, loop.bSec <= durationSec
      else {
        throw CommandFailure(
          .badData,
          "cannot import \(path): loop \(index + 1) is not a loop of this song (A before B within"
            + " \(formatTime(durationSec)), a new name of 1 to 100 characters). Fix that loop")
      }
    }
    guard export.loops.count <= PracticeRules.savedLoopLimit else {
      throw CommandFailure(
        .badData,
        "cannot import \(path): it holds \(export.loops.count) loops, more than"
          + " \(PracticeRules.savedLoopLimit). Keep the ones you practise")
    }
    return export.loops
  }
}
