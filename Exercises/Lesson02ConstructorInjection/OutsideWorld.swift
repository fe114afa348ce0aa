import Synchronization

// NB: You do not need to change this file, and your own code should not use it. Only the
// live objects (the bank's `BankSDK`, `LiveAnalytics`, `ClipboardShareChannel`) talk to
// the outside world.

/// A stand-in for the world outside the app: the bank's server, the analytics vendor and
/// the system clipboard.
///
/// The kata has no real servers. Each live object reports to `OutsideWorld.current` when
/// it is created (it opens a connection or a session) and each time it is used, and the
/// world writes it all down in `contacts`.
///
/// `current` is a task-local value, not a shared global: each test binds a world of its
/// own, so a test can prove that its view model never built or used a live object, and
/// tests that run in parallel never see each other's contacts.
public final class OutsideWorld: Sendable {
  /// The world the live objects reach from the current task.
  @TaskLocal public static var current = OutsideWorld()

  private let log = Mutex<[OutsideContact]>([])

  /// Creates a world that has heard from nobody yet.
  public init() {}

  /// Everything that reached this world, oldest first.
  public var contacts: [OutsideContact] {
    log.withLock { $0 }
  }

  func record(_ contact: OutsideContact) {
    log.withLock { $0.append(contact) }
  }
}

/// One thing a live object did in the outside world.
public enum OutsideContact: Equatable, Sendable, CustomStringConvertible {
  /// The bank's SDK opened a connection to the bank's server at `host`.
  case connection(host: String)
  /// The bank's SDK asked the bank's server for the accounts.
  case accountsRequest(host: String)
  /// A live tracker opened a session with the analytics vendor.
  case analyticsSession
  /// A live tracker sent an event to the analytics vendor.
  case analyticsEvent(AnalyticsEvent)
  /// The clipboard channel copied this text to the system clipboard.
  case clipboard(String)

  /// A line that says what happened, for messages.
  public var description: String {
    switch self {
    case .connection(let host): "BankSDK opened a connection to \(host)"
    case .accountsRequest(let host): "BankSDK sent GET https://\(host)/accounts"
    case .analyticsSession: "LiveAnalytics opened a session with the analytics vendor"
    case .analyticsEvent(let event): "LiveAnalytics sent the event .\(event)"
    case .clipboard(let text): "ClipboardShareChannel copied \"\(text)\" to the clipboard"
    }
  }
}
