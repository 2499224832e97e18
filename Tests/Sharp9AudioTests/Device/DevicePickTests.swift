import Testing

@testable import Sharp9Audio

/// The rule `--device` and `--input` share, on made-up device lists (no PortAudio needed).
@Suite("picking a device by name") struct DevicePickTests {
  static func input(_ index: Int32, _ name: String, isDefault: Bool = false) -> InputDevice {
    InputDevice(
      index: index, name: name, hostAPI: "ALSA", maxInputChannels: 2, defaultSampleRate: 44100,
      defaultLowLatencySec: 0.01, isDefault: isDefault)
  }

  static let inputs = [
    input(0, "HDA Intel PCH: ALC892 Analog (hw:0,0)"), input(1, "pulse"),
    input(2, "default", isDefault: true), input(3, "pulse monitor"),
  ]

  static func pick(_ name: String?, _ devices: [InputDevice] = inputs) throws -> InputDevice {
    try PortAudioLibrary.pick(
      name, among: devices, named: \.name, isDefault: \.isDefault, kind: "input")
  }

  @Test func anExactNameWinsOverAnEarlierPartialOne() throws {
    #expect(try Self.pick("PULSE").index == 1)
    #expect(try Self.pick("pulse mon").index == 3)
  }

  @Test func partOfANamePicksTheFirstContainingIt() throws {
    #expect(try Self.pick("alc892").index == 0)
  }

  @Test func noNamePicksTheDefaultElseTheFirst() throws {
    #expect(try Self.pick(nil).index == 2)
    #expect(try Self.pick(nil, [Self.input(7, "usb"), Self.input(8, "hdmi")]).index == 7)
  }

  @Test func aNameMatchingNothingSaysWhichKindWasLookedFor() {
    #expect(
      throws: PortAudioError(
        kind: .noDevice, operation: "input device \"usb\"", detail: "no input device matches")
    ) { try Self.pick("usb") }
  }

  @Test func noInputAtAllIsNoDevice() {
    #expect(
      throws: PortAudioError(
        kind: .noDevice, operation: "default input", detail: "no input device was found")
    ) { try Self.pick(nil, []) }
  }
}
