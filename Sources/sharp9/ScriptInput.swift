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
    return data
  }

  /// The session script in the input, fully validated.
  ///
  /// - Throws: ``CommandFailure`` `<name>: line N: …` for the first bad line.
  func readScript() throws -> SessionScript {
    let data = try readData()
    do {
      return try SessionScript.parse(data)
    } catch {
      throw CommandFailure(.badData, "\(name): \(error)")
    }
  }
}
