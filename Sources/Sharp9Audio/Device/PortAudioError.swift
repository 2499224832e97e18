import CPortAudio

/// A PortAudio call that failed: which call, PortAudio's code and its text. Front ends word it
/// for people (start PulseAudio or PipeWire, pick `--device`, `sharp9 devices`).
public struct PortAudioError: Error, Equatable, Sendable {
  /// What failed, for the reader.
  public enum Kind: Sendable, Equatable {
    /// No device of the kind exists (output or input), or none matches the name asked for.
    case noDevice
    /// A PortAudio call returned an error code.
    case call
  }

  /// What failed.
  public var kind: Kind
  /// The call or the lookup that failed (`Pa_OpenStream`, `device "usb"`).
  public var operation: String
  /// PortAudio's error code (`paNoError` = 0 for `.noDevice`).
  public var code: Int32
  /// PortAudio's text for the code, or what was looked for.
  public var detail: String

  /// Creates an error.
  public init(kind: Kind, operation: String, code: Int32 = 0, detail: String) {
    self.kind = kind
    self.operation = operation
    self.code = code
    self.detail = detail
  }
}

/// The one place PortAudio return codes are checked: negative codes throw.
@discardableResult
func checkedPortAudio(_ code: PaError, _ operation: String) throws -> PaError {
  guard code < 0 else { return code }
  let text = Pa_GetErrorText(code).map { String(cString: $0) } ?? "error \(code)"
  throw PortAudioError(kind: .call, operation: operation, code: code, detail: text)
}
