// Variant: a correct solution of another design. A `FailureReporter` built in init owns the
// failure path (analytics and logging); it reads the logger through a shared box at the
// moment it logs, so a logger attached later, even mid-load, is heard. `reload()` returns
// the load's Task, which the harness awaits; must pass every test.
import Foundation

/// Holds the optional logger; the view model and its reporter share one box.
@MainActor
final class LoggerBox {
  var logger: any AccountsLogger = SilentLogger()
}

/// Reports a failed load to analytics and to whatever logger the box holds right now.
@MainActor
struct FailureReporter {
  let analytics: any AnalyticsTracker
  let box: LoggerBox

  func report(_ error: any Error) -> String {
    let message = (error as? LocalizedError)?.errorDescription ?? "\(error)"
    analytics.track(.accountsLoadFailed)
    box.logger.log("Accounts failed to load: \(message)")
    return message
  }
}

@MainActor
public final class AccountsViewModel {
  public private(set) var state: AccountsScreenState = .idle

  public var logger: any AccountsLogger {
    get { box.logger }
    set { box.logger = newValue }
  }

  private let repository: any AccountsRepository
  private let analytics: any AnalyticsTracker
  private let box = LoggerBox()
  private let reporter: FailureReporter

  public init(repository: any AccountsRepository, analytics: any AnalyticsTracker) {
    self.repository = repository
    self.analytics = analytics
    reporter = FailureReporter(analytics: analytics, box: box)
  }

  /// Starts a load and hands back its Task, so a caller may wait for it or not.
  @discardableResult
  public func reload() -> Task<Void, Never> {
    state = .loading
    analytics.track(.accountsRequested)
    return Task { [repository, reporter] in
      do {
        let accounts = try await repository.fetchAccounts()
        self.state = accounts.isEmpty ? .empty : .content(accounts)
        self.analytics.track(.accountsLoaded(count: accounts.count))
      } catch {
        self.state = .failure(message: reporter.report(error))
      }
    }
  }

  public func share(accountID: Account.ID, via channel: any ShareChannel) {
    guard case .content(let accounts) = state,
      let account = accounts.first(where: { $0.id == accountID })
    else { return }
    channel.share(account)
  }
}
