import CSndfile

/// The container ``AudioFileWriter`` writes.
///
/// Lossless containers store the ``AudioSampleFormat`` asked for; the lossy ones (Ogg Vorbis,
/// Opus, MP3) have one encoding each and ignore it. Whether this machine's libsndfile can write a
/// container is checked when a writer is created, before anything is written (MP3 needs
/// libsndfile 1.1 built with LAME).
public enum AudioContainer: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  /// RIFF WAVE (plain `WAVE_FORMAT_PCM` / `WAVE_FORMAT_IEEE_FLOAT`, at most 4 GiB of audio).
  case wav
  /// Free Lossless Audio Codec (16- or 24-bit only).
  case flac
  /// Apple/SGI AIFF (16-, 24-bit or float).
  case aiff
  /// Ogg Vorbis (lossy).
  case ogg
  /// Ogg Opus (lossy; 8, 12, 16, 24 or 48 kHz only).
  case opus
  /// MPEG-1/2 Layer III (lossy).
  case mp3

  /// The container a file name's extension asks for (`take.FLAC` → ``flac``), or nil when the
  /// extension names none of them.
  public init?(fileExtension: String) {
    switch fileExtension.lowercased() {
    case "wav", "wave": self = .wav
    case "flac": self = .flac
    case "aif", "aiff": self = .aiff
    case "ogg", "oga": self = .ogg
    case "opus": self = .opus
    case "mp3": self = .mp3
    default: return nil
    }
  }

  /// True when the container ignores the sample format (it has its own lossy encoding).
  public var isLossy: Bool { [.ogg, .opus, .mp3].contains(self) }

  /// libsndfile's format code for this container holding `sample`s.
  func sndfileFormat(_ sample: AudioSampleFormat) -> Int32 {
    switch self {
    case .wav: Int32(SF_FORMAT_WAV) | sample.sndfileFormat
    case .flac: Int32(SF_FORMAT_FLAC) | sample.sndfileFormat
    case .aiff: Int32(SF_FORMAT_AIFF) | sample.sndfileFormat
    case .ogg: Int32(SF_FORMAT_OGG) | Int32(SF_FORMAT_VORBIS)
    case .opus: Int32(SF_FORMAT_OGG) | Int32(SF_FORMAT_OPUS)
    case .mp3: Int32(SF_FORMAT_MPEG) | Int32(SF_FORMAT_MPEG_LAYER_III)
    }
  }
}

/// How samples are stored in a written file.
public enum AudioSampleFormat: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  /// Signed 16-bit integers.
  case pcm16
  /// Signed 24-bit integers.
  case pcm24
  /// 32-bit IEEE float (WAV only): stores every `Float` exactly, including values beyond ±1.
  case float

  /// libsndfile's subtype code.
  var sndfileFormat: Int32 {
    switch self {
    case .pcm16: Int32(SF_FORMAT_PCM_16)
    case .pcm24: Int32(SF_FORMAT_PCM_24)
    case .float: Int32(SF_FORMAT_FLOAT)
    }
  }

  /// Bytes per sample on disk (for the WAV size limit).
  var bytesPerSample: Int {
    switch self {
    case .pcm16: 2
    case .pcm24: 3
    case .float: 4
    }
  }
}
