import Foundation
import Testing

@testable import Sharp9Server

/// Store work never runs on Swift's cooperative pool, whose few threads serve every request.
@Suite struct StoreThreadTests {
  @Test func theLibraryRunsOnItsOwnThread() async throws {
    let fixture = try await InspectorFixture()
    let library = try SessionLibrary(path: fixture.database)
    let name = try await library.withLog { _ in StoreThread.currentName }
    #expect(name == "sharp9 store")
  }

  @Test func longWorkGetsAThreadOfItsOwn() async throws {
    let fixture = try await InspectorFixture()
    let library = try SessionLibrary(path: fixture.database)
    let name = try await library.withOwnLog { _ in StoreThread.currentName }
    #expect(name == StoreThread.workName)
  }
}
