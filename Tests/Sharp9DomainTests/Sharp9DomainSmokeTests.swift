import Testing

@testable import Sharp9Domain

@Suite struct Sharp9DomainSmokeTests {
  @Test func moduleLoads() {
    #expect(String(describing: Reducer.version) == "1")
  }
}
