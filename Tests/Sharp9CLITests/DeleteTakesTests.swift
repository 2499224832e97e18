import Foundation
import Testing

/// `sharp9 delete` removes the takes no session names any more from the take library beside the
/// database, and only those: a take another session names stays.
@Suite struct DeleteTakesTests {
  @Test func aTakeGoesWithTheLastSessionThatNamesIt() async throws {
    let cli = try StoreCLI()
    let (first, take) = try await RenderTakesTests.sessionWithTake(cli)
    // A second session naming the same take (the same render, so the same bytes and hash).
    try FileManager.default.removeItem(at: cli.directory.appending(path: "made.flac"))
    let (second, same) = try await RenderTakesTests.sessionWithTake(cli)
    #expect(same == take && second != first)
    // Recorded long ago: past the grace a take being logged now has.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: take.path)

    let one = try await cli.run(["delete", first, "--yes"])
    #expect(one.status == 0, "\(one.stderr)")
    #expect(!one.stdout.contains("removed"), "\(one.stdout)")
    #expect(FileManager.default.fileExists(atPath: take.path))

    let two = try await cli.run(["delete", second, "--yes"])
    #expect(two.status == 0, "\(two.stderr)")
    #expect(two.stdout.contains("removed 1 take no session names"), "\(two.stdout)")
    #expect(!FileManager.default.fileExists(atPath: take.path))
  }

  @Test func aTakeKeptMomentsAgoStaysThoughNoSessionNamesIt() async throws {
    let cli = try StoreCLI()
    let (id, take) = try await RenderTakesTests.sessionWithTake(cli)
    let result = try await cli.run(["delete", id, "--yes"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains("removed"), "\(result.stdout)")
    #expect(FileManager.default.fileExists(atPath: take.path))
  }
}
