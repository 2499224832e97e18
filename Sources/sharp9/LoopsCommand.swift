import ArgumentParser
import Foundation
import Sharp9App
import Sharp9Audio
import Sharp9Domain
import Sharp9Store

/// `sharp9 loops SONG`: the song's saved loops and sections, which belong to the song (by
/// content) and come back in every session that opens it; printed, exported as JSON, or imported
/// from it.
struct LoopsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "loops",
    abstract: "List, export or import a song's saved loops and sections.",
    discussion: """
      A song's loops are saved while practising (sharp9 play: s saves, n recalls) and its \
      sections are named markers (: then "section NAME"); both belong to the song, recognised \
      by its content: every later session on the same audio starts with them. --json prints \
      {"song": SHA-256, "loops": [{"name", "aSec", "bSec"}], "sections": [{"name", \
      "timeSec"}]}; --import FILE reads that JSON (the song field may be absent; without a \
      sections field the song's sections stay as they are) and makes it the song's. An import \
      is checked whole before anything is stored: loops within the song with A before B, \
      unique loop names, names of 1 to 100 characters, at most 100 loops and 100 sections, \
      one section at any one time.
      """)

  @Argument(help: ArgumentHelp("The song (the audio file).", valueName: "song"))
  var song: String

  @Flag(help: "Print the loops and sections as JSON (what --import reads).")
  var json = false

  @Option(
    name: .customLong("import"),
    help: ArgumentHelp(
      "Make the loops and sections in this JSON file the song's.", valueName: "file"))
  var importFile: String?

  @OptionGroup var database: DatabaseOptions

  /// The JSON of `--json` and `--import`.
  struct Export: Codable {
    var song: String?
    var loops: [SavedLoop]
    /// Absent in files written before sections existed: such an import keeps the song's.
    var sections: [SongSection]?
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
      let export = try Self.checkedExport(importFile, durationSec: format.durationSec)
      var marks = SongMarks(loops: export.loops)
      try database.withStoreCreatedIfMissing { store in
        marks.sections = try export.sections ?? store.songMarks(of: sha256).sections
        try store.recordSongMarks(marks, of: sha256, from: nil, at: Date())
      }
      var output = StandardOutput()
      let loops = marks.loops.count, sections = marks.sections.count
      output.line(
        "\(loops) loop\(loops == 1 ? "" : "s") and \(sections) section\(sections == 1 ? "" : "s")"
          + " for \(url.lastPathComponent)")
      try output.flush()
      return
    }
    let marks = try database.openLog(.mustExist).songMarks(of: sha256)
    var output = StandardOutput()
    if json {
      output.line(
        try Interchange.string(Export(song: sha256, loops: marks.loops, sections: marks.sections)))
    } else if marks.isEmpty {
      output.line("no saved loops or sections for \(url.lastPathComponent)")
    } else {
      var tables: [[[String]]] = []
      if !marks.loops.isEmpty {
        tables.append(
          [["#", "NAME", "A", "B"]]
            + marks.loops.enumerated().map { index, loop in
              [String(index + 1), loop.name, formatTime(loop.aSec), formatTime(loop.bSec)]
            })
      }
      if !marks.sections.isEmpty {
        tables.append(
          [["#", "SECTION", "AT"]]
            + marks.sections.enumerated().map { index, section in
              [String(index + 1), section.name, formatTime(section.timeSec)]
            })
      }
      for (index, rows) in tables.enumerated() {
        if index > 0 { output.line("") }
        for line in TextTable.lines(rows, rightAligned: [0], truncated: [1]) { output.line(line) }
      }
    }
    try output.flush()
  }

  /// The loops and sections of `path`, refused whole (65) when any is not one of a song of
  /// `durationSec`.
  static func checkedExport(_ path: String, durationSec: Double) throws -> Export {
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
    func allowed(_ name: String) -> Bool {
      name == name.trimmingCharacters(in: .whitespacesAndNewlines)
        && PracticeRules.loopNameLength.contains(name.count)
    }
    var names = Set<String>()
    for (index, loop) in export.loops.enumerated() {
      guard allowed(loop.name), names.insert(loop.name).inserted, loop.aSec.isFinite,
        loop.bSec.isFinite, 0 <= loop.aSec, loop.aSec < loop.bSec, loop.bSec <= durationSec
      else {
        throw CommandFailure(
          .badData,
          "cannot import \(path): loop \(index + 1) is not a loop of this song (A before B within"
            + " \(formatTime(durationSec)), a new name of 1 to 100 characters). Fix that loop")
      }
    }
    var times = Set<Double>()
    for (index, section) in (export.sections ?? []).enumerated() {
      guard allowed(section.name), section.timeSec.isFinite, 0 <= section.timeSec,
        section.timeSec <= durationSec, times.insert(section.timeSec).inserted
      else {
        throw CommandFailure(
          .badData,
          "cannot import \(path): section \(index + 1) is not a section of this song (within"
            + " \(formatTime(durationSec)), alone at its time, a name of 1 to 100 characters)."
            + " Fix that section")
      }
    }
    try refuseMore(export.loops.count, than: PracticeRules.savedLoopLimit, of: "loops", path)
    try refuseMore(
      export.sections?.count ?? 0, than: PracticeRules.sectionLimit, of: "sections", path)
    return export
  }

  private static func refuseMore(_ count: Int, than limit: Int, of what: String, _ path: String)
    throws
  {
    guard count <= limit else {
      throw CommandFailure(
        .badData,
        "cannot import \(path): it holds \(count) \(what), more than \(limit). Keep the ones you"
          + " practise")
    }
  }
}
