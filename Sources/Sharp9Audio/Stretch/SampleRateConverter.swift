import CSamplerate

/// A libsamplerate converter state (`src_new` … `src_delete`) for interleaved float frames.
///
/// libsamplerate's sinc converters are zero-delay aligned: output frame j corresponds to input
/// position j / ratio; they simply hold output back until enough input has arrived.
final class SampleRateConverter {
  private let state: OpaquePointer
  private let channels: Int

  /// Creates a converter of the given `SRC_*` type.
  init(converter: Int32, channels: Int) throws {
    var error: Int32 = 0
    let created = src_new(converter, Int32(channels), &error)
    try Self.check(error, "creating the libsamplerate converter")
    guard let created else {
      throw StretchError(
        operation: "creating the libsamplerate converter", message: "src_new returned NULL",
        remedy: "Check free memory and the libsamplerate install.")
    }
    state = created
    self.channels = channels
  }

  /// The one place libsamplerate return codes are checked.
  static func check(_ code: Int32, _ operation: String) throws {
    guard code != 0 else { return }
    let message = src_strerror(code).map { String(cString: $0) } ?? "error \(code)"
    throw StretchError(
      operation: operation, message: message,
      remedy: "This is a bug in sharp9's use of libsamplerate; please report it with the file.")
  }

  /// Forgets all buffered input; the next input frame is position 0 again.
  func reset() throws { try Self.check(src_reset(state), "resetting the resampler") }

  /// Converts up to `inputFrames` into at most `outputCapacity` frames at `ratio`
  /// (output rate / input rate) and returns how many frames were used and generated.
  func process(
    input: UnsafePointer<Float>, inputFrames: Int, output: UnsafeMutablePointer<Float>,
    outputCapacity: Int, ratio: Double
  ) throws -> (used: Int, generated: Int) {
    var data = SRC_DATA()
    data.data_in = input
    data.data_out = output
    data.input_frames = inputFrames
    data.output_frames = outputCapacity
    data.end_of_input = 0
    data.src_ratio = ratio
    try Self.check(src_process(state, &data), "resampling")
    return (Int(data.input_frames_used), Int(data.output_frames_gen))
  }

  /// Switches the ratio at once (no glide), so positions stay exactly predictable.
  func setRatio(_ ratio: Double) throws {
    try Self.check(src_set_ratio(state, ratio), "setting the resampling ratio")
  }

  deinit { src_delete(state) }
}
