import Foundation

/// The state behind the accounts screen: loads the accounts and lets the customer share
/// one.
///
/// Everything the view model cannot work without arrives through its initializer and is
/// kept in a `let`, so a half-built view model cannot exist. What changes from one call
/// to the next (the share channel) arrives with the call. What is optional (the logger)
/// is a property with a default that does nothing.
///
/// ```swift
/// let viewModel = AccountsViewModel(
///   repository: LiveAccountsRepository(sdk: sdk),
///   analytics: LiveAnalytics()
/// )
/// await viewModel.load()
/// ```
///
/// Source: Mark Seemann and Steven van Deursen, "Dependency Injection: Principles,
/// Practices, and Patterns" (Manning, 2019), chapter 4: Constructor Injection, Method
/// Injection and Property Injection.
@MainActor
public final class AccountsViewModel {
  /// What the screen shows right now.
  public private(set) var state: AccountsScreenState = .idle

  /// Where diagnostic messages go. Optional: by default they are dropped.
  ///
  /// The view model reads this property at the moment it logs, never a copy taken earlier,
  /// so a logger attached while a load runs still hears that load's failure.
  public var logger: any AccountsLogger = SilentLogger()

  private let repository: any AccountsRepository
  private let analytics: any AnalyticsTracker

  /// Creates the view model from the collaborators it cannot work without.
  ///
  /// - Parameters:
  ///   - repository: Where the accounts come from.
  ///   - analytics: Where the screen's analytics events go.
  public init(repository: any AccountsRepository, analytics: any AnalyticsTracker) {
    self.repository = repository
    self.analytics = analytics
  }

  /// Loads the customer's accounts and moves the state through loading to empty,
  /// content or failure.
  ///
  /// A failure is not thrown: it becomes ``AccountsScreenState/failure(message:)``, which
  /// is what the screen shows, and is logged.
  public func load() async {
    state = .loading
    analytics.track(.accountsRequested)
    do {
      let accounts = try await repository.fetchAccounts()
      state = accounts.isEmpty ? .empty : .content(accounts)
      analytics.track(.accountsLoaded(count: accounts.count))
    } catch {
      state = .failure(message: error.localizedDescription)
      analytics.track(.accountsLoadFailed)
      logger.log("Loading accounts failed: \(error.localizedDescription)")
    }
  }

  /// Shares the details of one of the listed accounts.
  ///
  /// The channel is a parameter, not a stored property, because the customer picks it
  /// anew on every tap (method injection).
  ///
  /// - Parameters:
  ///   - accountID: The account to share; nothing happens if it is not listed.
  ///   - channel: Where to send it, this time only.
  public func share(accountID: Account.ID, via channel: any ShareChannel) {
    guard case .content(let accounts) = state,
      let account = accounts.first(where: { $0.id == accountID })
    else { return }
    channel.share(account)
  }
}
