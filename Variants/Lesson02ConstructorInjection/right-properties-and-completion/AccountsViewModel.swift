// Variant: a correct solution of another design. The view model keeps separate
// properties instead of one enum, loads with a completion handler instead of async/await,
// and holds the optional logger as an Optional with nil for "no logger". All of that is
// hidden behind the harness, so the same tests must pass.
import Foundation

@MainActor
public final class AccountsViewModel {
  public private(set) var isLoading = false
  public private(set) var hasLoaded = false
  public private(set) var accounts: [Account] = []
  public private(set) var errorMessage: String?
  public var logger: (any AccountsLogger)?

  private let repository: any AccountsRepository
  private let analytics: any AnalyticsTracker

  public init(repository: any AccountsRepository, analytics: any AnalyticsTracker) {
    self.repository = repository
    self.analytics = analytics
  }

  public func load(completion: @escaping @MainActor () -> Void) {
    isLoading = true
    errorMessage = nil
    hasLoaded = false
    analytics.track(.accountsRequested)
    Task {
      defer {
        isLoading = false
        completion()
      }
      do {
        accounts = try await repository.fetchAccounts()
        hasLoaded = true
        analytics.track(.accountsLoaded(count: accounts.count))
      } catch {
        accounts = []
        errorMessage = "\(error)"
        analytics.track(.accountsLoadFailed)
        logger?.log("Could not load accounts: \(error)")
      }
    }
  }

  public func share(accountID: Account.ID, via channel: any ShareChannel) {
    guard let account = accounts.first(where: { $0.id == accountID }) else { return }
    channel.share(account)
  }
}
