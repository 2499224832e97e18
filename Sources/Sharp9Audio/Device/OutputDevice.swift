/// An audio output PortAudio offers: `sharp9 devices` lists them, `--device` picks one by (part
/// of) its name.
public struct OutputDevice: Sendable, Equatable {
  /// PortAudio's device index.
  public var index: Int32
  /// The device's name (`pulse`, `default`, `HDA Intel PCH: ALC892 Analog (hw:0,0)`).
  public var name: String
  /// The host API it belongs to (`ALSA`, `Core Audio`).
  public var hostAPI: String
  /// The most output channels it takes.
  public var maxOutputChannels: Int
  /// Its preferred sample rate.
  public var defaultSampleRate: Double
  /// The latency PortAudio suggests for interactive use, in seconds.
  public var defaultLowLatencySec: Double
  /// Whether it is the system's default output.
  public var isDefault: Bool

  /// Creates a description.
  public init(
    index: Int32, name: String, hostAPI: String, maxOutputChannels: Int,
    defaultSampleRate: Double, defaultLowLatencySec: Double, isDefault: Bool
  ) {
    self.index = index
    self.name = name
    self.hostAPI = hostAPI
    self.maxOutputChannels = maxOutputChannels
    self.defaultSampleRate = defaultSampleRate
    self.defaultLowLatencySec = defaultLowLatencySec
    self.isDefault = isDefault
  }
}
