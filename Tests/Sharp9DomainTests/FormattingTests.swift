import Sharp9Domain
import Testing

@Suite("Formatting") struct FormattingTests {
  @Test(
    arguments: [
      (0, "00:00.00"), (0.29, "00:00.29"), (0.299, "00:00.29"), (1.005, "00:01.00"),
      (0.1 + 0.2, "00:00.30"), (0.57, "00:00.57"), (4.35, "00:04.35"), (59.999, "00:59.99"),
      (60, "01:00.00"), (61.07, "01:01.07"), (599.99, "09:59.99"), (3725.5, "62:05.50"),
      (6000, "100:00.00"), (-1.5, "-00:01.50"), (-0.001, "00:00.00"), (.nan, "--:--.--"),
      (.infinity, "--:--.--"), (1e300, "--:--.--"),
    ] as [(Double, String)])
  func time(seconds: Double, text: String) {
    #expect(formatTime(seconds) == text)
  }

  @Test func everyHundredthOfTheFirstMinutesReadsExactly() {
    for hundredths in 0..<30_000 {
      let expected =
        twoDigits(hundredths / 6000) + ":" + twoDigits(hundredths / 100 % 60) + "."
        + twoDigits(hundredths % 100)
      #expect(formatTime(Double(hundredths) / 100) == expected)
      #expect(formatTime(Double(hundredths) * 0.01) == expected)
    }
  }

  @Test(
    arguments: [
      (0.95, "0.95 x"), (1, "1.00 x"), (2, "2.00 x"), (0.25, "0.25 x"), (1.25, "1.25 x"),
      (0.7 + 0.05, "0.75 x"),
    ] as [(Double, String)])
  func speed(value: Double, text: String) {
    #expect(formatSpeed(value) == text)
  }

  @Test(
    arguments: [
      (0, "0.00 st"), (-0.0, "0.00 st"), (2, "+2.00 st"), (-3, "-3.00 st"), (0.5, "+0.50 st"),
      (12, "+12.00 st"), (-12, "-12.00 st"), (0.001, "0.00 st"), (-0.29, "-0.29 st"),
      (0.1 + 0.2, "+0.30 st"),
    ] as [(Double, String)])
  func pitch(value: Double, text: String) {
    #expect(formatPitch(value) == text)
  }

  private func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
