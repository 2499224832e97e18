import Foundation
import Hummingbird
import ServiceLifecycle
import Sharp9Store

/// `sharp9 serve`: the browser inspector's HTTP server (pages, assets and the JSON API).
///
/// Security, for a local server that can change a user's practice history: it binds to the
/// configured host (127.0.0.1 by default); a request whose `Host` is not one of the server's own
/// names is refused (DNS rebinding, ``HostGuard``); a request that changes anything must carry the
/// per-run token (``TokenGuard``), and bound beyond loopback so does every read of the API
/// (``ReadGuard``); an API request another site's page made is refused
/// (``CrossSiteGuard``); every response says `nosniff` and carries the pages' policy
/// (``SecurityHeaders``); an upload is size-limited and checked as untrusted SQLite
/// before import (``UntrustedBundle``); URL paths only ever name embedded assets.
public struct InspectorServer: Sendable {
  /// Where and how the server runs.
  public struct Configuration: Sendable {
    /// The address to bind.
    public var host: String
    /// The port to bind (0: any free port).
    public var port: Int
    /// The secret a page must send with every change (`X-Sharp9-Token`).
    public var token: String
    /// The largest bundle `POST /api/bundles` accepts, in bytes.
    public var maxUploadBytes: Int
    /// The largest song `POST /api/app/songs` accepts, in bytes: songs stream to disk as they
    /// arrive, and an hour of CD-quality WAV is 635 MB.
    public var maxSongBytes: Int
    /// Where renders and uploads are kept while the server runs.
    public var workDirectory: URL
    /// The version recorded in forks and bundles.
    public var sharp9Version: String
    /// Where audio carried by an uploaded bundle is written when the session's recorded path
    /// does not hold it; nil: the `audio/` folder beside the SQLite database file (a server on
    /// another store then takes no bundles).
    public var bundleAudioDirectory: URL?

    /// Creates a configuration; `token` defaults to 32 random bytes in hex.
    public init(
      host: String = "127.0.0.1", port: Int = 8089, token: String = InspectorServer.newToken(),
      maxUploadBytes: Int = 256 << 20, maxSongBytes: Int = 2 << 30, sharp9Version: String,
      workDirectory: URL = FileManager.default.temporaryDirectory.appending(
        path: "sharp9-serve-\(UUID().uuidString)"), bundleAudioDirectory: URL? = nil
    ) {
      self.host = host
      self.port = port
      self.token = token
      self.maxUploadBytes = maxUploadBytes
      self.maxSongBytes = maxSongBytes
      self.workDirectory = workDirectory
      self.sharp9Version = sharp9Version
      self.bundleAudioDirectory = bundleAudioDirectory
    }

    /// The names a request's `Host` may carry: loopback names and the bound host (an IPv6
    /// address in brackets, as `Host` writes it).
    public var allowedHostNames: Set<String> {
      let bound = host.lowercased()
      return ["127.0.0.1", "localhost", "[::1]", bound.contains(":") ? "[\(bound)]" : bound]
    }
  }

  /// A fresh per-run token: 32 random bytes, lower-case hex, made as a device token's secret is.
  public static func newToken() -> String { DeviceSecret.generate() }

  /// The configuration.
  public let configuration: Configuration
  let library: SessionLibrary
  let renders: RenderCache
  /// The practice app's live side (`sharp9 app`), or nil for the inspector alone.
  let practice: PracticeHost?

  /// A server over the database at `databasePath`, with the practice page's API when `practice`
  /// is given.
  public init(
    databasePath: String, configuration: Configuration,
    practice: PracticeHost? = nil
  ) throws {
    try self.init(
      store: .sqlite(path: databasePath), configuration: configuration, practice: practice)
  }

  /// A server over the store at `store` (an SQLite file must exist), with the practice page's API
  /// when `practice` is given.
  public init(
    store: StoreLocation, configuration: Configuration,
    practice: PracticeHost? = nil
  ) throws {
    self.configuration = configuration
    self.practice = practice
    library = try SessionLibrary(location: store)
    renders = RenderCache(directory: configuration.workDirectory.appending(path: "renders"))
  }

  /// The URL to open, carrying the token: the practice page's with a practice host, else the
  /// inspector's.
  public func url(port: Int? = nil) -> String {
    let name = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    let page = practice == nil ? "/" : "/app"
    return "http://\(name):\(port ?? configuration.port)\(page)?token=\(configuration.token)"
  }

  /// Serves until the process is interrupted (SIGINT, SIGTERM); `onRunning` gets the bound port.
  /// Throws ``ListenFailure`` when the address cannot be bound.
  ///
  /// On the signal the server stops accepting connections and live streams end within one poll
  /// (they watch the shutdown); a response still open after ``shutdownGrace`` is cancelled, and
  /// this returns at the latest ``shutdownLimit`` after the signal, leaving work no cancellation
  /// reaches (a render on a thread of its own) to end with the process (``ShutdownDeadline``).
  public func run(onRunning: @escaping @Sendable (Int) async -> Void) async throws {
    defer { removeWorkDirectory() }
    let application = application(onRunning: onRunning)
    let (ended, end) = AsyncStream.makeStream(of: Result<Void, any Error>.self)
    var group = ServiceGroupConfiguration(
      services: [
        .init(service: application),
        .init(
          service: ShutdownDeadline { end.yield(.success(())) }, successTerminationBehavior: .ignore
        ),
      ],
      gracefulShutdownSignals: [.sigterm, .sigint], logger: application.logger)
    group.maximumGracefulShutdownDuration = Self.shutdownGrace
    let configuration = group
    let serving = Task {
      do {
        try await ServiceGroup(configuration: configuration).run()
        end.yield(.success(()))
      } catch {
        end.yield(.failure(error))
      }
    }
    let result = await withTaskCancellationHandler {
      await ended.first { _ in true }
    } onCancel: {
      serving.cancel()
    }
    if case .failure(let error) = result {
      let (host, port) = (self.configuration.host, self.configuration.port)
      throw ListenFailure(error, host: host, port: port) ?? error
    }
  }

  /// How long responses still open at SIGTERM or Ctrl-C (a download, a render) may take before
  /// they are cancelled: a user stopping the server expects it gone within a second or two.
  static let shutdownGrace = Duration.seconds(1)

  /// When ``run(onRunning:)`` returns after SIGTERM or Ctrl-C at the latest, whatever still runs.
  static let shutdownLimit = Duration.milliseconds(1500)

  /// Deletes the work directory (renders, uploads): when ``run(onRunning:)`` returns, after a
  /// normal end, SIGINT or SIGTERM alike.
  func removeWorkDirectory() {
    try? FileManager.default.removeItem(at: configuration.workDirectory)
  }

  /// The application: guards, then the API and the pages.
  public func application(
    onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    let router = Router()
    let port = BoundPort(configuration.port)
    router.add(middleware: SecurityHeaders())
    router.add(middleware: HostGuard(allowed: configuration.allowedHostNames))
    router.add(middleware: CrossSiteGuard(allowed: configuration.allowedHostNames, port: port))
    router.add(middleware: TokenGuard(token: configuration.token))
    if !ReadGuard<BasicRequestContext>.isLoopback(configuration.host) {
      router.add(middleware: ReadGuard(token: configuration.token, library: library))
    }
    router.add(middleware: APIErrorMiddleware())
    addAPIRoutes(to: router)
    addMediaRoutes(to: router)
    addChangeRoutes(to: router)
    addJournalRoutes(to: router)
    addLiveRoute(to: router)
    addSyncRoutes(to: router)
    if let practice {
      addPracticeRoutes(to: router, host: practice)
      addMIDIBindingRoutes(to: router)
      addPracticeSettingsRoutes(to: router, host: practice)
    }
    AssetRoutes.add(to: router)
    return Application(
      router: router,
      server: practice.map {
        .guardedHTTP1WebSocket(webSocketRouter: practiceInputRouter(host: $0, port: port))
      } ?? .guardedHTTP1,
      configuration: .init(
        address: .hostname(configuration.host, port: configuration.port), serverName: "sharp9"),
      onServerRunning: { channel in
        let bound = channel.localAddress?.port ?? 0
        port.set(bound)
        await onRunning(bound)
      })
  }
}
