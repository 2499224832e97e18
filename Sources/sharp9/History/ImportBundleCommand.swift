import ArgumentParser
import Foundation
import Sharp9Store

/// `sharp9 import-bundle FILE.sharp9`.
struct ImportBundleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import-bundle",
    abstract: "Add the session of a bundle (see `sharp9 bundle`) to the database.",
    discussion: """
      The session keeps its id: importing the same bundle again adds nothing, and the same id \
      with any other content (events, title, times, audio, versions) is a conflict (status 65, \
      nothing changed); --as-new imports it as a new session instead. The bundled session must \
      replay to its own checkpoints, and its audio must be the file its SHA-256 names. Bundled \
      audio is written to the audio/ directory next to the database (with --store postgres://…, \
      next to the default database file) when the recorded path does \
      not hold the same file, under a safe name and never over another file; the session keeps \
      its recorded path (export still writes it) and render finds the extracted copy. The \
      session id is printed alone on the last line of standard output.
      """)

  @Argument(help: ArgumentHelp("The bundle file.", valueName: "file"))
  var bundle: String

  @Flag(help: "Import the bundle's session as a new session with a new id.")
  var asNew = false

  @Option(help: "With --as-new: the new session's title (default: the bundled one's).")
  var title: String?

  @OptionGroup var database: DatabaseOptions

  func run() throws {
    guard FileManager.default.fileExists(atPath: bundle) else {
      throw CommandFailure(.noInput, "cannot import \(bundle): no such file. Check the path")
    }
    try database.withStoreCreatedIfMissing { log in try importBundle(into: log) }
  }

  private func importBundle(into store: any EventLog) throws {
    if asNew {
      let session = try SessionBundle.importBundleAsNewSession(
        at: bundle, into: store, title: title, sharp9Version: Sharp9Command.release)
      var output = StandardOutput()
      output.line("imported the bundled session as session \(session.idString)")
      output.line(session.idString)
      do {
        try output.flush()
      } catch {
        throw error.after("session \(session.idString) was stored; do not import it again")
      }
      return
    }
    let audioDirectory = database.bundledAudioDirectory
    let result = try SessionBundle.importBundle(
      at: bundle, into: store, audioDirectory: audioDirectory)
    var output = StandardOutput()
    if result.alreadyPresent {
      output.line("session \(result.session.idString) is already in the database; nothing added")
    } else {
      output.line(
        "imported session \(result.session.idString) (\(result.session.eventCount) events)")
    }
    if let audio = result.extractedAudio { output.line("audio written to \(audio)") }
    output.line(result.session.idString)
    do {
      try output.flush()
    } catch {
      throw error.after("session \(result.session.idString) is in the database")
    }
  }
}
