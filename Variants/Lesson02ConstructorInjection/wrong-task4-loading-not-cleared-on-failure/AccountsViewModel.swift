// Variant: the learner keeps separate properties (isLoading, accounts, errorMessage) and
// clears isLoading only on the success path. After a failure the spinner never stops.
import Foundation

@MainActor
public final class AccountsViewModel {
  public private(set) var isLoading = false
  public private(set) var accounts: [Account] = []
  public private(set) var errorMessage: String?
  public private(set) var hasLoaded = false
  public var logger: any AccountsLogger = SilentLogger()

  private let repository: any AccountsRepository
  private let analytics: any AnalyticsTracker

  public init(repository: any AccountsRepository, analytics: any AnalyticsTracker) {
    self.repository = repository
    self.analytics = analytics
  }

  public func load() async {
    isLoading = true
    errorMessage = nil
    analytics.track(.accountsRequested)
    do {
      accounts = try await repository.fetchAccounts()
      hasLoaded = true
      isLoading = false
      analytics.track(.accountsLoaded(count: accounts.count))
    } catch {
      errorMessage = error.localizedDescription
      analytics.track(.accountsLoadFailed)
      logger.log("Loading accounts failed: \(error.localizedDescription)")
    }
  }

  public func share(accountID: Account.ID, via channel: any ShareChannel) {
    guard let account = accounts.first(where: { $0.id == accountID }) else { return }
    channel.share(account)
  }
}
