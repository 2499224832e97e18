import Testing

@testable import Sharp9Audio

@Suite struct Sharp9AudioSmokeTests {
  @Test func moduleLoads() {
    #expect(String(describing: Sharp9Audio.self) == "Sharp9Audio")
  }
}
