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
    let count = try checkedPortAudio(Pa_GetDeviceCount(), "Pa_GetDeviceCount")
    let defaultIndex = Pa_GetDefaultOutputDevice()
    return (0..<count).compactMap { index -> OutputDevice? in
      guard let info = Pa_GetDeviceInfo(index)?.pointee, info.maxOutputChannels > 0 else {
        return nil
      }
      let host = Pa_GetHostApiInfo(info.hostApi)?.pointee.name.map { String(cString: $0) } ?? "?"
      return OutputDevice(
        index: index, name: info.name.map { String(cString: $0) } ?? "device \(index)",
        hostAPI: host, maxOutputChannels: Int(info.maxOutputChannels),
        defaultSampleRate: info.defaultSampleRate,
        defaultLowLatencySec: info.defaultLowOutputLatency, isDefault: index == defaultIndex)
    }
  }

  /// The output whose name contains `name` (case-insensitive; an exact name wins), or the
  /// default output when `name` is nil.
  /// - Throws: ``PortAudioError`` `.noDevice` when nothing matches or no output exists.
  public func outputDevice(matching name: String?) throws -> OutputDevice {
    let devices = try outputDevices()
    if let name {
      let wanted = name.lowercased()
      if let exact = devices.first(where: { $0.name.lowercased() == wanted }) { return exact }
      if let partial = devices.first(where: { $0.name.lowercased().contains(wanted) }) {
        return partial
      }
      throw PortAudioError(
        kind: .noDevice, operation: "device \"\(name)\"", detail: "no output device matches")
    }
    if let device = devices.first(where: \.isDefault) ?? devices.first { return device }
    throw PortAudioError(
      kind: .noDevice, operation: "default output", detail: "no output device was found")
  }
}
