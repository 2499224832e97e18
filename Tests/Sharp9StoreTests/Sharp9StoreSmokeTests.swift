import Testing

@testable import Sharp9Store

@Suite struct Sharp9StoreSmokeTests {
  @Test func moduleLoads() {
    #expect(String(describing: Sharp9Store.self) == "Sharp9Store")
  }
}
