import Foundation
import Testing

/// `sharp9 peaks` end to end: complete stdout, stderr and exit status.
@Suite struct PeaksCommandTests {
  let scratch: TemporaryDirectory
  var directory: URL { scratch.url }

  init() throws {
    scratch = try TemporaryDirectory()
    // 10 frames at 10 Hz; 4 buckets are frames [0,2) [2,5) [5,7) [7,10).
    try Self.wav(samples: [0, 16384, -16384, 8192, 32767, -32768, 0, 0, 3277, -3277], rate: 10)
      .write(to: directory.appending(path: "tiny.wav"))
  }

  /// A mono 16-bit PCM WAV, written by hand so the test needs nothing but the binary.
  static func wav(samples: [Int16], rate: UInt32) -> Data {
    var data = Data()
    func put<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    let bytes = UInt32(samples.count * 2)
    data.append(contentsOf: Array("RIFF".utf8))
    put(36 + bytes)
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    put(UInt32(16))
    put(UInt16(1))
    put(UInt16(1))
    put(rate)
    put(rate * 2)
    put(UInt16(2))
    put(UInt16(16))
    data.append(contentsOf: Array("data".utf8))
    put(bytes)
    for sample in samples { put(sample) }
    return data
  }

  func run(_ arguments: String...) throws -> CLI.Result {
    try CLI.run(arguments, directory: directory)
  }

  @Test func textWaveform() throws {
    #expect(
      try run("peaks", "tiny.wav", "--buckets", "4")
        == CLI.Result(
          status: 0,
          stdout: """
            tiny.wav: 00:01.00, 1 ch, 10 Hz, WAV (Microsoft), Signed 16 bit PCM
            4 buckets of 2-3 frames; min and max over all channels
                time      min      max
            00:00.00  +0.0000  +0.5000                      |##########
            00:00.20  -0.5000  +1.0000            ##########|####################
            00:00.50  -1.0000  +0.0000  ####################|
            00:00.70  -0.1000  +0.1000                    ##|##

            """, stderr: ""))
  }

  @Test func json() throws {
    #expect(
      try run("peaks", "tiny.wav", "--buckets", "4", "--json")
        == CLI.Result(
          status: 0,
          stdout: """
            {"buckets":4,"durationSec":1,"max":[0.5,0.9999695,0,0.1000061],\
            "min":[0,-0.5,-1,-0.1000061]}

            """, stderr: ""))
  }

  @Test func moreBucketsThanFrames() throws {
    let result = try run("peaks", "tiny.wav", "--buckets", "1000", "--json")
    #expect(result.stdout.hasPrefix("{\"buckets\":10,\"durationSec\":1,\"max\":[0,0.5,-0.5,"))
    #expect(result.status == 0)
  }

  @Test func zeroBuckets() throws {
    #expect(
      try run("peaks", "tiny.wav", "--buckets", "0")
        == CLI.Result(
          status: 64,
          stdout: "",
          stderr:
            "sharp9: error: cannot compute peaks: the number of buckets must be at least 1 (got"
            + " 0). Ask for at least 1 bucket\n"))
  }

  @Test func help() throws {
    #expect(
      try run("peaks", "--help")
        == CLI.Result(
          status: 0,
          stdout: """
            OVERVIEW: Print the waveform peaks (min and max per time bucket) of an audio
            file.

            Bucket i covers frames [i*frames/buckets, (i+1)*frames/buckets); min and max
            are taken over all channels. A file with fewer frames than buckets gets one
            bucket per frame. Reads WAV, AIFF, FLAC, Ogg Vorbis, Opus, MP3 and the other
            formats libsndfile supports.

            USAGE: sharp9 peaks <file> [--buckets <buckets>] [--json]

            ARGUMENTS:
              <file>                  The audio file.

            OPTIONS:
              --buckets <buckets>     Number of time buckets (at least 1). (default: 50)
              --json                  Print JSON {buckets, durationSec, max, min} instead
                                      of a text waveform.
              --version               Show the version.
              -h, --help              Show help information.


            """, stderr: ""))
  }
}
