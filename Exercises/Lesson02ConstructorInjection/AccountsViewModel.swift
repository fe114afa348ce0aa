// The accounts screen of a banking app. It works, in the sense that it shows accounts.
// But it builds everything it talks to by itself, so no test can choose what the
// "server" answers, and a failure looks exactly like a customer without accounts.

/// The state behind the accounts screen: loads the accounts and lets the customer share
/// one.
@MainActor
public final class AccountsViewModel {
  // TODO: Task 2 — the screen must tell "not loaded yet", "no accounts" and "accounts" apart.
  /// The accounts to list.
  public private(set) var accounts: [Account] = []

  // TODO: Task 1 — the view model cannot work without a repository; it must not pick one itself.
  private let repository = LiveAccountsRepository(sdk: BankSDK())
  // TODO: Task 5 — events must reach the tracker the caller chose.
  private let analytics = LiveAnalytics()
  // TODO: Task 7 — logging is optional: a caller may attach a logger; without one, nothing breaks.
  private let logger = ConsoleLogger()

  /// Creates the view model.
  public init() {}

  /// Loads the customer's accounts.
  public func load() async {
    // TODO: Task 4 — while the request runs, the screen should say so.
    // TODO: Task 3 — a failed request must not look like "no accounts".
    accounts = (try? await repository.fetchAccounts()) ?? []
    analytics.track(.accountsLoaded(count: accounts.count))
    if accounts.isEmpty {
      logger.log("No accounts to show.")
    }
  }

  /// Shares the details of one of the listed accounts.
  ///
  /// - Parameter accountID: The account to share; nothing happens if it is not listed.
  public func share(accountID: Account.ID) {
    guard let account = accounts.first(where: { $0.id == accountID }) else { return }
    // TODO: Task 6 — the customer picks where to share on each tap.
    ClipboardShareChannel().share(account)
  }
}
