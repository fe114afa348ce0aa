// Variant: a correct solution of another design. Instead of protocol-typed properties the
// view model takes closures, one per capability it uses ("closure seams"). Still
// constructor injection: both are required, set once in init, kept in `let`s.
import Foundation

@MainActor
public final class AccountsViewModel {
  public private(set) var state: AccountsScreenState = .idle
  public var log: @MainActor (String) -> Void = { _ in }

  private let fetchAccounts: @Sendable () async throws -> [Account]
  private let track: @MainActor (AnalyticsEvent) -> Void

  public init(
    fetchAccounts: @escaping @Sendable () async throws -> [Account],
    track: @escaping @MainActor (AnalyticsEvent) -> Void
  ) {
    self.fetchAccounts = fetchAccounts
    self.track = track
  }

  public func load() async {
    state = .loading
    track(.accountsRequested)
    do {
      let accounts = try await fetchAccounts()
      state = accounts.isEmpty ? .empty : .content(accounts)
      track(.accountsLoaded(count: accounts.count))
    } catch {
      let message = (error as? LocalizedError)?.errorDescription ?? "\(error)"
      state = .failure(message: message)
      track(.accountsLoadFailed)
      log("load failed: \(message)")
    }
  }

  public func share(accountID: Account.ID, using share: (Account) -> Void) {
    guard case .content(let accounts) = state,
      let account = accounts.first(where: { $0.id == accountID })
    else { return }
    share(account)
  }
}
