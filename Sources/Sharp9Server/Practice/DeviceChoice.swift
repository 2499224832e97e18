/// The settings' output device, as `GET /api/app/devices` answers: the outputs PortAudio offers,
/// the one the open session plays on, and the one the next song opened will play on.
struct DeviceChoice: Encodable, Sendable {
  /// One output.
  struct Device: Encodable, Sendable {
    var name: String
    var hostAPI: String
    var isDefault: Bool
  }

  /// The open session's device line (nil: no session open).
  var playing: String?
  /// The device the next song opened plays on (nil: the null clock).
  var next: String?
  var devices: [Device]
}
