// swift-tools-version:6.0
import PackageDescription

/// sharp9: the headless, event-sourced core of a slow-down / pitch / loop practice tool.
///
/// Layering: `Sharp9Domain` is pure (Foundation only). `Sharp9Store` (SQLite, and PostgreSQL
/// through postgres-nio) and `Sharp9Audio` (libsndfile, FFTW) build on the domain and never on
/// each other. `Sharp9App` (the
/// app core: action → reduce → append → engine → observers) wires them together for every front
/// end. The front ends: `Sharp9Server` (the browser inspector), `Sharp9Player` (the terminal
/// player) and the `sharp9` executable, a thin command line over them.

/// Debian's portaudio-2.0.pc carries `-pthread`, which SwiftPM refuses with a warning; there the
/// header and library are on the default paths, so pkg-config is only asked elsewhere (Homebrew).
/// Likewise Debian's ncursesw.pc carries `-D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600` (and its
/// libncursesw.so is a linker script that adds -ltinfo).
#if os(Linux)
  let portAudioPkgConfig: String? = nil
  let ncursesPkgConfig: String? = nil
#else
  let portAudioPkgConfig: String? = "portaudio-2.0"
  let ncursesPkgConfig: String? = "ncursesw"
#endif

/// swift-custom-dump's `expectNoDifference`, for the test targets that compare whole states.
let customDump: Target.Dependency = .product(name: "CustomDump", package: "swift-custom-dump")
/// swift-crypto, for the test support that hashes what it forges.
let crypto: Target.Dependency = .product(name: "Crypto", package: "swift-crypto")

let package = Package(
  name: "sharp9",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "Sharp9Domain", targets: ["Sharp9Domain"]),
    .library(name: "Sharp9Store", targets: ["Sharp9Store"]),
    .library(name: "Sharp9Audio", targets: ["Sharp9Audio"]),
    .library(name: "Sharp9App", targets: ["Sharp9App"]),
    .library(name: "Sharp9Server", targets: ["Sharp9Server"]),
    .library(name: "Sharp9Player", targets: ["Sharp9Player"]),
    .executable(name: "sharp9", targets: ["sharp9"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
    .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    // The practice page's inputs arrive over one WebSocket (`/api/app/inputs`).
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    // The server's socket errors (a port in use), which Hummingbird passes on as NIO's IOError,
    // and its channel pipeline.
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    // The server's graceful shutdown (Hummingbird runs on it): streams watch it, a timeout bounds it.
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
    // The server's channel pipeline (Hummingbird's own dependencies): the request line's
    // absolute-form host is checked before the conversion to HTTP types drops it.
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
    // The PostgreSQL backend of the store (`Sharp9Store/Postgres`).
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    // Tests only: whole-state assertions that print a diff when they fail.
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .systemLibrary(
      name: "CSndfile",
      pkgConfig: "sndfile",
      providers: [.apt(["libsndfile1-dev"]), .brew(["libsndfile"])]
    ),
    .systemLibrary(
      name: "CFFTW",
      pkgConfig: "fftw3f",
      providers: [.apt(["libfftw3-dev"]), .brew(["fftw"])]
    ),
    .systemLibrary(
      name: "CPortAudio",
      pkgConfig: portAudioPkgConfig,
      providers: [.apt(["portaudio19-dev"]), .brew(["portaudio"])]
    ),
    .systemLibrary(
      name: "CNcurses",
      pkgConfig: ncursesPkgConfig,
      providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
    ),
    .target(name: "Sharp9Domain"),
    .target(
      name: "Sharp9Store",
      dependencies: [
        "Sharp9Domain",
        "CSQLite",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      // `Migrations/Files` is a link to the top-level `Migrations/`: the SQL embedded in the
      // binary (`PackageResources`), never read at run time.
      resources: [.embedInCode("Migrations/Files")]
    ),
    .target(
      name: "Sharp9Audio",
      dependencies: [
        "Sharp9Domain", "CSndfile", "CFFTW", "CPortAudio",
        .product(name: "Atomics", package: "swift-atomics"),
      ],
      // ALSA's configuration, which the CPortAudio shim adjusts before PortAudio reads it.
      linkerSettings: [.linkedLibrary("asound", .when(platforms: [.linux]))]
    ),
    .target(
      name: "Sharp9App",
      dependencies: [
        "Sharp9Domain",
        "Sharp9Store",
        "Sharp9Audio",
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      // `push` and `pull` send with URLSession (FoundationNetworking), which is built on libcurl:
      // a binary with the Swift runtime linked in statically (scripts/build-release.sh) must
      // link libcurl itself.
      linkerSettings: [.linkedLibrary("curl", .when(platforms: [.linux]))]
    ),
    .target(name: "Sharp9Words", dependencies: ["Sharp9Domain", "Sharp9Store"]),
    .target(
      name: "Sharp9Server",
      dependencies: [
        "Sharp9App",
        "Sharp9Words",
        "Sharp9Domain",
        "Sharp9Store",
        "Sharp9Audio",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
        .product(name: "Logging", package: "swift-log"),
      ],
      // The pages, embedded in the binary (`PackageResources`): nothing generated is committed.
      resources: [.embedInCode("Assets")]
    ),
    .target(
      name: "Sharp9Player",
      dependencies: [
        "Sharp9App",
        "Sharp9Domain",
        "Sharp9Store",
        "Sharp9Audio",
        "Sharp9Words",
        "CNcurses",
        .product(name: "Atomics", package: "swift-atomics"),
      ]
    ),
    .executableTarget(
      name: "sharp9",
      dependencies: [
        "Sharp9App",
        "Sharp9Domain",
        "Sharp9Store",
        "Sharp9Audio",
        "Sharp9Server",
        "Sharp9Player",
        "Sharp9Words",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The PostgreSQL store benchmark's driver (scripts/bench-store-postgres.sh); not a product.
    .executableTarget(
      name: "sharp9-bench-store-postgres", dependencies: ["Sharp9Store", "Sharp9Domain"]),
    .testTarget(name: "Sharp9DomainTests", dependencies: ["Sharp9Domain", customDump]),
    .testTarget(
      name: "Sharp9StoreTests",
      dependencies: ["Sharp9Store", "Sharp9Domain", "Sharp9Words", "HostileBundles", customDump]),
    .testTarget(name: "Sharp9WordsTests", dependencies: ["Sharp9Words", "Sharp9Domain"]),
    .target(name: "CAllocationCounter", path: "Tests/CAllocationCounter"),
    .target(
      name: "HostileBundles", dependencies: ["Sharp9Store", "Sharp9Domain", crypto],
      path: "Tests/HostileBundles"),
    .testTarget(
      name: "Sharp9AudioTests", dependencies: ["Sharp9Audio", "Sharp9Domain", "CAllocationCounter"]
    ),
    .testTarget(
      name: "Sharp9AppTests",
      dependencies: [
        "Sharp9App", "Sharp9Store", "Sharp9Domain", "Sharp9Audio", "CSQLite", customDump,
      ]),
    .testTarget(
      name: "Sharp9CLITests",
      dependencies: ["sharp9", "Sharp9Store", "Sharp9Domain", "HostileBundles"]),
    .testTarget(
      name: "Sharp9PlayerTests",
      dependencies: ["Sharp9Player", "Sharp9App", "Sharp9Audio", "Sharp9Domain", "CNcurses"]),
    .testTarget(
      name: "Sharp9ServerTests",
      dependencies: [
        "sharp9", "Sharp9App", "Sharp9Server", "Sharp9Store", "Sharp9Domain", "Sharp9Audio",
        "HostileBundles",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
