import CSndfile

/// The container ``AudioFileWriter`` writes.
public enum AudioContainer: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  /// RIFF WAVE (plain `WAVE_FORMAT_PCM` / `WAVE_FORMAT_IEEE_FLOAT`, at most 4 GiB of audio).
  case wav
  /// Free Lossless Audio Codec (16- or 24-bit only).
  case flac

  /// libsndfile's major format code.
  var sndfileFormat: Int32 {
    switch self {
    case .wav: Int32(SF_FORMAT_WAV)
    case .flac: Int32(SF_FORMAT_FLAC)
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
