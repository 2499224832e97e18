import CPortAudio
import Foundation

/// PortAudio, initialized: owns `Pa_Initialize`/`Pa_Terminate` and answers which outputs exist.
/// Create one per process use (devices listing, one player), keep it alive while streams run.
///
/// ALSA prints its probing noise (unknown PCMs, missing cards) to stderr while PortAudio scans
/// the devices; it is not an error and would scribble over the player's screen, so stderr is
/// pointed at /dev/null during `Pa_Initialize`.
public final class PortAudioLibrary {
  /// Initializes PortAudio.
  /// - Throws: ``PortAudioError`` when PortAudio cannot start.
  public init() throws {
    let saved = dup(STDERR_FILENO)
    let null = open("/dev/null", O_WRONLY)
    if null >= 0 { dup2(null, STDERR_FILENO) }
    // Before PortAudio reads ALSA's configuration: a PulseAudio underrun must not become 2 s of
    // silence (the shim says why). An ALSA that cannot read its configuration fails the same way
    // in Pa_Initialize, which reports it.
    _ = sharp9_alsaPulseIgnoresUnderruns()
    let code = Pa_Initialize()
    if saved >= 0 {
      dup2(saved, STDERR_FILENO)
      close(saved)
    }
    if null >= 0 { close(null) }
    try checkedPortAudio(code, "Pa_Initialize")
  }

  deinit { Pa_Terminate() }

  /// Every device with at least one output channel, in PortAudio's order.
  public func outputDevices() throws -> [OutputDevice] {
    let defaultIndex = Pa_GetDefaultOutputDevice()
    return try devices { index, info, host -> OutputDevice? in
      guard info.maxOutputChannels > 0 else { return nil }
      return OutputDevice(
        index: index, name: Self.name(info, index), hostAPI: host,
        maxOutputChannels: Int(info.maxOutputChannels), defaultSampleRate: info.defaultSampleRate,
        defaultLowLatencySec: info.defaultLowOutputLatency, isDefault: index == defaultIndex)
    }
  }

  /// Every device with at least one input channel, in PortAudio's order.
  public func inputDevices() throws -> [InputDevice] {
    let defaultIndex = Pa_GetDefaultInputDevice()
    return try devices { index, info, host -> InputDevice? in
      guard info.maxInputChannels > 0 else { return nil }
      return InputDevice(
        index: index, name: Self.name(info, index), hostAPI: host,
        maxInputChannels: Int(info.maxInputChannels), defaultSampleRate: info.defaultSampleRate,
        defaultLowLatencySec: info.defaultLowInputLatency, isDefault: index == defaultIndex)
    }
  }

  /// The output whose name contains `name` (case-insensitive; an exact name wins), or the
  /// default output when `name` is nil.
  /// - Throws: ``PortAudioError`` `.noDevice` when nothing matches or no output exists.
  public func outputDevice(matching name: String?) throws -> OutputDevice {
    try Self.pick(
      name, among: outputDevices(), named: \.name, isDefault: \.isDefault, kind: "output")
  }

  /// The input whose name contains `name` (case-insensitive; an exact name wins), or the
  /// default input when `name` is nil.
  /// - Throws: ``PortAudioError`` `.noDevice` when nothing matches or no input exists.
  public func inputDevice(matching name: String?) throws -> InputDevice {
    try Self.pick(
      name, among: inputDevices(), named: \.name, isDefault: \.isDefault, kind: "input")
  }

  /// The devices `describe` keeps, given each one's index, PortAudio's description and its host
  /// API's name.
  private func devices<Device>(
    _ describe: (Int32, PaDeviceInfo, String) -> Device?
  ) throws -> [Device] {
    let count = try checkedPortAudio(Pa_GetDeviceCount(), "Pa_GetDeviceCount")
    return (0..<count).compactMap { index -> Device? in
      guard let info = Pa_GetDeviceInfo(index)?.pointee else { return nil }
      let host = Pa_GetHostApiInfo(info.hostApi)?.pointee.name.map { String(cString: $0) } ?? "?"
      return describe(index, info, host)
    }
  }

  private static func name(_ info: PaDeviceInfo, _ index: Int32) -> String {
    info.name.map { String(cString: $0) } ?? "device \(index)"
  }

  /// The rule `--device` and `--input` share: an exact name (ignoring case), else the first name
  /// containing it, else the default, else the first device.
  static func pick<Device>(
    _ name: String?, among devices: [Device], named: KeyPath<Device, String>,
    isDefault: KeyPath<Device, Bool>, kind: String
  ) throws -> Device {
    if let name {
      let wanted = name.lowercased()
      if let exact = devices.first(where: { $0[keyPath: named].lowercased() == wanted }) {
        return exact
      }
      if let partial = devices.first(where: { $0[keyPath: named].lowercased().contains(wanted) }) {
        return partial
      }
      throw PortAudioError(
        kind: .noDevice, operation: "\(kind) device \"\(name)\"",
        detail: "no \(kind) device matches")
    }
    if let device = devices.first(where: { $0[keyPath: isDefault] }) ?? devices.first {
      return device
    }
    throw PortAudioError(
      kind: .noDevice, operation: "default \(kind)", detail: "no \(kind) device was found")
  }
}
