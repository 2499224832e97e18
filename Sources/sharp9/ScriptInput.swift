import Foundation
import Sharp9Domain

/// A command's input file argument, where `-` means standard input.
struct ScriptInput {
  /// The argument as given.
  var path: String

  /// How errors name the input: the path, or `stdin`.
  var name: String { path == "-" ? "stdin" : path }

  /// The whole input's bytes (a script's lines are checked as UTF-8 one by one, by the parser).
  ///
  /// - Throws: ``CommandFailure`` naming the file when it cannot be read.
  func readData() throws -> Data {
    let data: Data
    if path == "-" {
      data = try StandardInput.readAll()
    } else {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw CommandFailure(.noInput, "cannot read \(path): no such file. Check the path")
      }
      guard !isDirectory.boolValue else {
        throw CommandFailure(.noInput, "cannot read \(path): it is a directory. Give a script file")
      }
      guard let contents = FileManager.default.contents(atPath: path) else {
        throw CommandFailure(
          .noInput, "cannot read \(path): permission denied. Check its permissions")
      }
      data = contents
    }
    return data
  }

  /// The session script in the input, fully validated; like `import`, a script of no actions
  /// (empty, blank lines or a header alone) is refused.
  ///
  /// - Throws: ``CommandFailure`` `<name>: line N: …` for the first bad line, or
  ///   ``noActions(_:)``.
  func readScript() throws -> SessionScript {
    let data = try readData()
    let script: SessionScript
    do {
      script = try SessionScript.parse(data)
    } catch {
      throw CommandFailure(.badData, "\(name): \(error). Fix that line")
    }
    guard !script.actions.isEmpty else { throw Self.noActions(name) }
    return script
  }

  /// The failure for a script that holds no actions, as `import` and `reduce` both report it.
  static func noActions(_ name: String) -> CommandFailure {
    CommandFailure(.badData, "\(name): the script holds no actions. A session needs at least one")
  }
}
