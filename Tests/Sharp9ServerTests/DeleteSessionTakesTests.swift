import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Sharp9Server

/// The inspector's delete, like `sharp9 delete`, removes the takes no session names any more
/// from the take library beside the database, and keeps a take kept moments ago.
@Suite struct DeleteSessionTakesTests {
  @Test func deletingASessionRemovesTheTakesNoSessionNames() async throws {
    let fixture = try await InspectorFixture()
    let takes = fixture.directory.appending(path: "takes")
    try FileManager.default.createDirectory(at: takes, withIntermediateDirectories: true)
    let old = takes.appending(path: String(repeating: "ab", count: 32) + ".flac")
    let young = takes.appending(path: String(repeating: "cd", count: 32) + ".flac")
    try Data("old".utf8).write(to: old)
    try Data("young".utf8).write(to: young)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: old.path)
    try await fixture.test { client in
      let deleted = try await client.execute(
        uri: "/api/sessions/\(fixture.id)", method: .delete, headers: withToken)
      #expect(deleted.status == .ok)
    }
    #expect(!FileManager.default.fileExists(atPath: old.path))
    #expect(FileManager.default.fileExists(atPath: young.path))
  }
}
