/// An audio input PortAudio offers: `sharp9 devices` lists them, `--input` picks one by (part of)
/// its name, and a recording is taken from it.
public struct InputDevice: Sendable, Equatable {
  /// PortAudio's device index.
  public var index: Int32
  /// The device's name (`pulse`, `default`, `HDA Intel PCH: ALC892 Analog (hw:0,0)`).
  public var name: String
  /// The host API it belongs to (`ALSA`, `Core Audio`).
  public var hostAPI: String
  /// The most input channels it gives.
  public var maxInputChannels: Int
  /// Its preferred sample rate.
  public var defaultSampleRate: Double
  /// The input latency PortAudio suggests for interactive use, in seconds.
  public var defaultLowLatencySec: Double
  /// Whether it is the system's default input.
  public var isDefault: Bool

  /// Creates a description.
  public init(
    index: Int32, name: String, hostAPI: String, maxInputChannels: Int,
    defaultSampleRate: Double, defaultLowLatencySec: Double, isDefault: Bool
  ) {
    self.index = index
    self.name = name
    self.hostAPI = hostAPI
    self.maxInputChannels = maxInputChannels
    self.defaultSampleRate = defaultSampleRate
    self.defaultLowLatencySec = defaultLowLatencySec
    self.isDefault = isDefault
  }
}
