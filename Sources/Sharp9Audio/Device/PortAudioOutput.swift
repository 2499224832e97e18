import CPortAudio

/// An open PortAudio output stream whose callback is a ``LiveEngine``'s audio side: the device
/// clocks the engine. 32-bit float at the source's rate and channel count; PortAudio's clipping
/// is off so the device gets exactly what the engine rendered (and the tee recorded).
///
/// Owns the `PaStream`: `deinit` stops and closes it. Keep the ``PortAudioLibrary`` alive while
/// the stream exists.
public final class PortAudioOutput {
  /// The device the stream plays on.
  public let device: OutputDevice
  /// The input recorded from in the same stream (duplex), if any.
  public let input: InputDevice?
  /// The output latency PortAudio reports for the open stream, in seconds.
  public let latencySec: Double
  /// Whether PortAudio was asked to run the callback thread at real-time priority (ALSA
  /// devices; Core Audio's thread is real-time anyway). Whether the OS granted it shows in the
  /// thread's scheduling class (`ps -L -o cls`).
  public let requestedRealtime: Bool
  private let stream: OpaquePointer
  private let retainedEngine: Unmanaged<LiveEngine>

  /// Opens `device` for `engine`'s source format with `engine.framesPerCallback` frames per
  /// callback and the device's low-latency suggestion (at least one callback and
  /// `bufferMilliseconds`: more survives a busy machine without dropouts). With `input`
  /// (and an ``LiveEngine/input`` capture on the engine) the stream is duplex: each callback's
  /// input block, at the same rate and clock, goes to the engine's capture.
  /// - Throws: ``PortAudioError`` when the device refuses the format or cannot open.
  public init(
    device: OutputDevice, input: InputDevice? = nil, engine: LiveEngine,
    library: PortAudioLibrary, bufferMilliseconds: Int = 0
  ) throws {
    self.device = device
    let format = engine.audio.format
    let capture = input.flatMap { device in engine.input.map { (device, $0.channels) } }
    self.input = capture?.0
    let retained = Unmanaged.passRetained(engine)
    do {
      stream = try Self.open(
        StreamShape(
          output: device, outputChannels: format.channels, input: capture,
          sampleRate: format.sampleRate, framesPerCallback: engine.framesPerCallback,
          bufferMilliseconds: bufferMilliseconds),
        callback: deviceCallback, context: retained.toOpaque())
    } catch {
      retained.release()
      throw error
    }
    retainedEngine = retained
    latencySec = Pa_GetStreamInfo(UnsafeMutableRawPointer(stream))?.pointee.outputLatency ?? 0
    // Under load a normal-priority callback thread waits behind every busy process on the
    // machine (the #14 latency tail); the device callback is exactly what real-time priority is
    // for, and it never blocks or allocates.
    requestedRealtime =
      sharp9_requestRealtimeCallback(UnsafeMutableRawPointer(stream), device.index) != 0
  }

  /// A stream's callback, as PortAudio calls it.
  typealias DeviceCallback =
    @convention(c) (
      UnsafeRawPointer?, UnsafeMutableRawPointer?, UInt, UnsafePointer<PaStreamCallbackTimeInfo>?,
      PaStreamCallbackFlags, UnsafeMutableRawPointer?
    ) -> Int32

  /// What a stream is opened with; `sharp9 play` and `devices --calibrate` open the same shape,
  /// so the round trip calibrated is the one recorded with.
  struct StreamShape {
    var output: OutputDevice
    var outputChannels: Int
    /// The input and its channel count (nil: output only).
    var input: (InputDevice, Int)?
    var sampleRate: Int
    var framesPerCallback: Int
    /// The least buffer to ask for, in milliseconds (0: the device's lowest).
    var bufferMilliseconds = 0

    /// Each side's suggested latency: the device's low-latency suggestion, at least a callback
    /// and ``bufferMilliseconds``.
    func suggestedLatency(_ deviceLowLatencySec: Double) -> Double {
      max(
        deviceLowLatencySec, Double(framesPerCallback) / Double(sampleRate),
        Double(bufferMilliseconds) / 1000)
    }
  }

  /// Opens (not starts) a float32 stream of `shape` with PortAudio's clipping off, calling
  /// `callback` with `context`.
  static func open(
    _ shape: StreamShape, callback: DeviceCallback, context: UnsafeMutableRawPointer
  ) throws -> OpaquePointer {
    var output = PaStreamParameters(
      device: shape.output.index, channelCount: Int32(shape.outputChannels),
      sampleFormat: sharp9_paFloat32,
      suggestedLatency: shape.suggestedLatency(shape.output.defaultLowLatencySec),
      hostApiSpecificStreamInfo: nil)
    let input = shape.input.map { device, channels in
      PaStreamParameters(
        device: device.index, channelCount: Int32(channels), sampleFormat: sharp9_paFloat32,
        suggestedLatency: shape.suggestedLatency(device.defaultLowLatencySec),
        hostApiSpecificStreamInfo: nil)
    }
    let name =
      shape.input.map { "\"\(shape.output.name)\" with input \"\($0.0.name)\"" }
      ?? "\"\(shape.output.name)\""
    var opened: UnsafeMutableRawPointer?
    let rate = Double(shape.sampleRate)
    let frames = UInt(shape.framesPerCallback)
    let code: PaError
    if var input {
      code = Pa_OpenStream(
        &opened, &input, &output, rate, frames, sharp9_paClipOff, callback, context)
    } else {
      code = Pa_OpenStream(
        &opened, nil, &output, rate, frames, sharp9_paClipOff, callback, context)
    }
    try checkedPortAudio(code, "Pa_OpenStream on \(name) at \(shape.sampleRate) Hz")
    guard let opened else {
      throw PortAudioError(
        kind: .call, operation: "Pa_OpenStream", detail: "no stream was returned")
    }
    return OpaquePointer(opened)
  }

  deinit {
    Pa_StopStream(UnsafeMutableRawPointer(stream))
    Pa_CloseStream(UnsafeMutableRawPointer(stream))
    retainedEngine.release()
  }

  /// Starts the device clock (the engine's callbacks begin).
  public func start() throws {
    try checkedPortAudio(Pa_StartStream(UnsafeMutableRawPointer(stream)), "Pa_StartStream")
  }

  /// Stops after the blocks already queued have played.
  public func stop() throws {
    try checkedPortAudio(Pa_StopStream(UnsafeMutableRawPointer(stream)), "Pa_StopStream")
  }
}

/// The device callback: hands the buffer to the engine's audio side. Runs on PortAudio's
/// real-time thread; the engine is retained by the output for as long as the stream exists.
private func deviceCallback(
  _ input: UnsafeRawPointer?, _ output: UnsafeMutableRawPointer?, _ frames: UInt,
  _ time: UnsafePointer<PaStreamCallbackTimeInfo>?, _ flags: PaStreamCallbackFlags,
  _ context: UnsafeMutableRawPointer?
) -> Int32 {
  guard let output, let context else { return 0 }
  let engine = Unmanaged<LiveEngine>.fromOpaque(context).takeUnretainedValue()
  engine.render(
    into: output.assumingMemoryBound(to: Float.self), frames: Int(frames),
    underrun: flags & sharp9_paOutputUnderflow != 0,
    dacTimeSec: time?.pointee.outputBufferDacTime ?? 0,
    callbackTimeSec: time?.pointee.currentTime ?? 0,
    input: input?.assumingMemoryBound(to: Float.self),
    inputOverflow: flags & sharp9_paInputOverflow != 0,
    adcTimeSec: time?.pointee.inputBufferAdcTime ?? 0)
  return 0  // paContinue
}
