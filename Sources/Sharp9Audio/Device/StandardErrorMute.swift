import Foundation

/// Points standard error at /dev/null until ``restore()``: ALSA reports recovered underruns on
/// stderr from PortAudio's thread, which would scribble over the player's screen and mix into
/// its one-line error (or a command's). The player counts underruns itself and shows them; its
/// own error line is printed after the restore.
public final class StandardErrorMute {
  private var saved: Int32

  /// Mutes standard error.
  public init() {
    saved = dup(STDERR_FILENO)
    let null = open("/dev/null", O_WRONLY)
    if null >= 0 {
      dup2(null, STDERR_FILENO)
      close(null)
    }
  }

  deinit { restore() }

  /// Gives standard error back.
  public func restore() {
    guard saved >= 0 else { return }
    dup2(saved, STDERR_FILENO)
    close(saved)
    saved = -1
  }
}
