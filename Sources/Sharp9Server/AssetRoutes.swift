import Foundation
import HTTPTypes
import Hummingbird

/// The pages and their scripts and styles, served from ``served`` only: a URL path is a key into
/// that table, never a file name, so no request reaches the file system.
enum AssetRoutes {
  static func add(to router: Router<some RequestContext>) {
    router.get("/") { _, _ in try page("index.html") }
    router.get("/sessions/:id") { _, _ in try page("session.html") }
    router.get("/app") { _, _ in try page("app.html") }
    router.get("/journal") { _, _ in try page("journal.html") }
    router.get("/assets/:name") { _, context in
      try page(try context.parameters.require("name"))
    }
  }

  /// What a page may load: its own scripts, styles, media and (data:) icons, nothing from
  /// outside, no inline script, no plugins, no framing by another site.
  static let contentSecurityPolicy: String =
    "default-src 'self'; media-src 'self' blob:; img-src 'self' data:; object-src 'none'; "
    + "base-uri 'none'; frame-ancestors 'none'"

  private static func page(_ name: String) throws -> Response {
    guard let asset = served[name] else {
      throw APIFailure(.notFound, "no such page")
    }
    return APIResponse.bytes(
      asset.bytes, type: asset.contentType,
      headers: [.contentSecurityPolicy: contentSecurityPolicy])
  }

  /// Every file served, by name: the files of `Assets/`, which SwiftPM embeds in the binary
  /// (`PackageResources`), so an installed sharp9 never reads the source tree. A file in
  /// `Assets/` that is not listed here is not served.
  static let served: [String: (bytes: [UInt8], contentType: String)] = [
    "index.html": (PackageResources.index_html, html),
    "session.html": (PackageResources.session_html, html),
    "journal.html": (PackageResources.journal_html, html),
    "journal.js": (PackageResources.journal_js, javaScript),
    "style.css": (PackageResources.style_css, "text/css; charset=utf-8"),
    "app.html": (PackageResources.app_html, html),
    "app.css": (PackageResources.app_css, "text/css; charset=utf-8"),
    "app.js": (PackageResources.app_js, javaScript),
    "appwave.js": (PackageResources.appwave_js, javaScript),
    "appplayhead.js": (PackageResources.appplayhead_js, javaScript),
    "appinputs.js": (PackageResources.appinputs_js, javaScript),
    "appmidi.js": (PackageResources.appmidi_js, javaScript),
    "appsettings.js": (PackageResources.appsettings_js, javaScript),
    "api.js": (PackageResources.api_js, javaScript),
    "draw.js": (PackageResources.draw_js, javaScript),
    "eventlist.js": (PackageResources.eventlist_js, javaScript),
    "session.js": (PackageResources.session_js, javaScript),
    "sessions.js": (PackageResources.sessions_js, javaScript),
    "statepanel.js": (PackageResources.statepanel_js, javaScript),
  ]

  private static let html = "text/html; charset=utf-8"
  private static let javaScript = "text/javascript; charset=utf-8"
}
