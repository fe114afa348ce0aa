// Variant: a correct solution of another design. The required collaborators travel
// together in a `Dependencies` struct, and load() starts the work and hands back its
// Task, so a screen can fire and forget while a test awaits the handle.
import Foundation

@MainActor
public final class AccountsViewModel {
  /// What the view model cannot work without.
  public struct Dependencies: Sendable {
    public let accounts: any AccountsRepository
    public let analytics: any AnalyticsTracker

    public init(accounts: any AccountsRepository, analytics: any AnalyticsTracker) {
      self.accounts = accounts
      self.analytics = analytics
    }
  }

  public private(set) var state: AccountsScreenState = .idle
  public var logger: any AccountsLogger = SilentLogger()

  private let dependencies: Dependencies
  private var currentLoad: Task<Void, Never>?

  public init(dependencies: Dependencies) {
    self.dependencies = dependencies
  }

  @discardableResult
  public func load() -> Task<Void, Never> {
    currentLoad?.cancel()
    state = .loading
    dependencies.analytics.track(.accountsRequested)
    let task = Task {
      do {
        let accounts = try await dependencies.accounts.fetchAccounts()
        state = accounts.isEmpty ? .empty : .content(accounts)
        dependencies.analytics.track(.accountsLoaded(count: accounts.count))
      } catch {
        state = .failure(message: error.localizedDescription)
        dependencies.analytics.track(.accountsLoadFailed)
        logger.log("Loading accounts failed: \(error.localizedDescription)")
      }
    }
    currentLoad = task
    return task
  }

  public func share(accountID: Account.ID, via channel: any ShareChannel) {
    guard case .content(let accounts) = state,
      let account = accounts.first(where: { $0.id == accountID })
    else { return }
    channel.share(account)
  }
}
