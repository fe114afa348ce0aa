// Variant: a correct solution of another design. Every change of state goes through one
// `reduce(_:)` function fed with events (a small state machine), the logger is an Optional
// with no Null Object, and `share` is generic over the channel; must pass every test.
@MainActor
public final class AccountsViewModel {
  enum Event {
    case started
    case answered([Account])
    case failed(any Error)
  }

  public private(set) var state: AccountsScreenState = .idle
  public var logger: (any AccountsLogger)?

  private let repository: any AccountsRepository
  private let analytics: any AnalyticsTracker

  public init(repository: any AccountsRepository, analytics: any AnalyticsTracker) {
    self.repository = repository
    self.analytics = analytics
  }

  public func load() async {
    reduce(.started)
    do {
      reduce(.answered(try await repository.fetchAccounts()))
    } catch {
      reduce(.failed(error))
    }
  }

  public func share<Channel: ShareChannel>(accountID: Account.ID, via channel: Channel) {
    guard case .content(let accounts) = state,
      let account = accounts.first(where: { $0.id == accountID })
    else { return }
    channel.share(account)
  }

  private func reduce(_ event: Event) {
    switch event {
    case .started:
      state = .loading
      analytics.track(.accountsRequested)
    case .answered(let accounts):
      state = accounts.isEmpty ? .empty : .content(accounts)
      analytics.track(.accountsLoaded(count: accounts.count))
    case .failed(let error):
      let message = String(describing: error)
      state = .failure(message: message)
      analytics.track(.accountsLoadFailed)
      logger?.log("accounts: \(message)")
    }
  }
}
