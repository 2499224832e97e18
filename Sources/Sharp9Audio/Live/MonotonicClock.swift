#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's monotonic clock (`CLOCK_MONOTONIC`) in seconds: cheap enough for the audio
/// thread (a vDSO read: no system call, lock or allocation) and the clock other processes read
/// as Python's `time.monotonic()`, so a benchmark can put its key presses and the engine's
/// callbacks on one time line. Device clocks (PortAudio's stream time) differ per host API.
public enum MonotonicClock {
  /// Seconds since an arbitrary fixed point (boot, on Linux).
  public static func nowSec() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
  }
}
