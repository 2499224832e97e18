import Atomics
import CPortAudio
import Foundation

/// Plays a signal through a device pair and records the input, frame for frame, in a duplex
/// stream of the shape `sharp9 play` opens (same rate, block size and suggested latencies), so
/// the round trip it shows is the one a take is recorded with. Frame n of the recording is the
/// input the device delivered in the callback that was handed frame n of the signal: how a take's
/// input is stamped too.
public enum LoopbackProbe {
  /// What was recorded.
  public struct Recording: Sendable {
    /// The input (its channels summed), one sample per signal frame.
    public var samples: [Float]
    /// The dropouts (output underruns, input overflows) the device reported meanwhile.
    public var dropouts: Int
    /// The round trip the stream's timestamps reported, in frames (nil: none).
    public var reportedRoundTripFrames: Int64?
  }

  /// Plays `signal` (mono, on every output channel) on `output` and records `input`.
  /// - Throws: ``PortAudioError`` when the stream cannot be opened or started, or when its
  ///   callbacks stop before the signal has played.
  public static func run(
    signal: [Float], output: OutputDevice, input: InputDevice, sampleRate: Int,
    framesPerCallback: Int, bufferMilliseconds: Int = 0, library: PortAudioLibrary
  ) throws -> Recording {
    let buffers = LoopbackBuffers(
      signal: signal, outputChannels: min(2, output.maxOutputChannels),
      inputChannels: min(2, input.maxInputChannels), sampleRate: sampleRate,
      settling: .device(framesPerBlock: framesPerCallback, sampleRate: sampleRate))
    let retained = Unmanaged.passRetained(buffers)
    defer { retained.release() }
    // ALSA reports the underruns it recovers on stderr, and ALSA and PortAudio say on it why a
    // pair does not open: the caller's one error line says that instead, and underruns are
    // counted here. Muted from the open on (restored when this returns or throws).
    let mute = StandardErrorMute()
    defer { mute.restore() }
    let stream = try PortAudioOutput.open(
      PortAudioOutput.StreamShape(
        output: output, outputChannels: buffers.outputChannels,
        input: (input, buffers.inputChannels), sampleRate: sampleRate,
        framesPerCallback: framesPerCallback, bufferMilliseconds: bufferMilliseconds),
      callback: loopbackCallback, context: retained.toOpaque())
    let raw = UnsafeMutableRawPointer(stream)
    defer {
      Pa_StopStream(raw)
      Pa_CloseStream(raw)
    }
    // As `sharp9 play` asks: the same scheduling, the same chances of an underrun.
    _ = sharp9_requestRealtimeCallback(raw, output.index)
    try checkedPortAudio(Pa_StartStream(raw), "Pa_StartStream")
    // The callbacks must get through the signal in its own time, with some slack for start-up.
    let deadline = MonotonicClock.nowSec() + Double(signal.count) / Double(sampleRate) + 5
    while buffers.frame.load(ordering: .acquiring) < signal.count {
      guard MonotonicClock.nowSec() < deadline else {
        throw PortAudioError(
          kind: .call, operation: "playing the calibration signal",
          detail: "the device stopped calling back")
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    // The stream runs on (silent) until its report has settled, so that the round trip stored
    // beside the measured one is the report a recording stream settles on too, not one still
    // finding its level (``ReportedRoundTrip``: up to its give-up time).
    let report = buffers.reportedRoundTrip
    let settleDeadline =
      MonotonicClock.nowSec() + ReportedRoundTrip.Settling.deviceGiveUpSec + 5
    while report.settled == .pending, MonotonicClock.nowSec() < settleDeadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    let reported: Int64? =
      switch report.settled {
      case .frames(let frames) where report.isSteady: frames
      case .frames, .pending, .unreported: nil
      }
    return Recording(
      samples: Array(buffers.recorded), dropouts: buffers.dropouts.load(ordering: .relaxed),
      reportedRoundTripFrames: reported)
  }
}

/// The audio side's buffers, allocated before the stream starts (the callback never allocates).
private final class LoopbackBuffers {
  let signal: UnsafeMutableBufferPointer<Float>
  let recorded: UnsafeMutableBufferPointer<Float>
  let outputChannels: Int
  let inputChannels: Int
  /// Frames handed to the output so far (written by the callback only).
  let frame = ManagedAtomic<Int>(0)
  let dropouts = ManagedAtomic<Int>(0)
  let reportedRoundTrip: ReportedRoundTrip

  init(
    signal: [Float], outputChannels: Int, inputChannels: Int, sampleRate: Int,
    settling: ReportedRoundTrip.Settling
  ) {
    reportedRoundTrip = ReportedRoundTrip(sampleRate: sampleRate, settling: settling)
    self.signal = .allocate(capacity: signal.count)
    _ = self.signal.initialize(from: signal)
    recorded = .allocate(capacity: signal.count)
    recorded.initialize(repeating: 0)
    self.outputChannels = outputChannels
    self.inputChannels = inputChannels
  }

  deinit {
    signal.deallocate()
    recorded.deallocate()
  }
}

private func loopbackCallback(
  _ input: UnsafeRawPointer?, _ output: UnsafeMutableRawPointer?, _ frames: UInt,
  _ time: UnsafePointer<PaStreamCallbackTimeInfo>?, _ flags: PaStreamCallbackFlags,
  _ context: UnsafeMutableRawPointer?
) -> Int32 {
  guard let output, let context else { return 0 }
  let buffers = Unmanaged<LoopbackBuffers>.fromOpaque(context).takeUnretainedValue()
  // (A shift the device does not report shows as bursts that disagree: the spread.)
  if flags & (sharp9_paOutputUnderflow | sharp9_paInputOverflow) != 0 {
    buffers.dropouts.wrappingIncrement(ordering: .relaxed)
  }
  buffers.reportedRoundTrip.note(
    ReportedRoundTrip.seconds(
      dacTimeSec: time?.pointee.outputBufferDacTime ?? 0,
      adcTimeSec: time?.pointee.inputBufferAdcTime ?? 0))
  let out = output.assumingMemoryBound(to: Float.self)
  let recordedInput = input?.assumingMemoryBound(to: Float.self)
  let first = buffers.frame.load(ordering: .relaxed)
  let count = buffers.signal.count
  for offset in 0..<Int(frames) {
    let frame = first + offset
    let sample = frame < count ? buffers.signal[frame] : 0
    for channel in 0..<buffers.outputChannels {
      out[offset * buffers.outputChannels + channel] = sample
    }
    if frame < count, let recordedInput {
      var sum: Float = 0
      for channel in 0..<buffers.inputChannels {
        sum += recordedInput[offset * buffers.inputChannels + channel]
      }
      buffers.recorded[frame] = sum
    }
  }
  buffers.frame.store(first + Int(frames), ordering: .releasing)
  return 0  // paContinue
}
