import Foundation
import Sharp9Domain

/// A command's input file argument, where `-` means standard input.
struct ScriptInput {
  /// The argument as given.
  var path: String

  /// How errors name the input: the path, or `stdin`.
  var name: String { path == "-" ? "stdin" : path }

  /// The whole input as text.
  ///
  /// - Throws: ``CommandFailure`` naming the file when it cannot be read or is not UTF-8.
  func readText() throws -> String {
    let data: Data
    if path == "-" {
      data = FileHandle.standardInput.readDataToEndOfFile()
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
    guard let text = String(data: data, encoding: .utf8) else {
      throw CommandFailure(.badData, "\(name): not UTF-8 text")
    }
    return text
  }

  /// The session script in the input, fully validated.
  ///
  /// - Throws: ``CommandFailure`` `<name>: line N: …` for the first bad line.
  func readScript() throws -> SessionScript {
    let text = try readText()
    do {
      return try SessionScript.parse(text)
    } catch {
      throw CommandFailure(.badData, "\(name): \(error)")
    }
  }
}
