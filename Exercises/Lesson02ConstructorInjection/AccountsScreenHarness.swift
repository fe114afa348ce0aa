// The harness: the only doors the tests use to reach your code. Keep each function's
// name and signature; change its body, and anything behind it, as the tasks ask.

/// Builds the accounts view model the way the app's composition root would, from the
/// collaborators it is given.
///
/// - Parameters:
///   - repository: Where the accounts come from.
///   - analytics: Where the screen's analytics events go.
/// - Returns: A view model that uses exactly these collaborators.
@MainActor
public func makeAccountsViewModel(
  repository: any AccountsRepository,
  analytics: any AnalyticsTracker
) -> AccountsViewModel {
  // TODO: Task 1 — hand the view model what the caller passed in.
  AccountsViewModel()
}

/// Loads the accounts and returns once the view model has finished loading (succeeded
/// or failed).
///
/// - Parameter viewModel: The view model to load.
@MainActor
public func loadAccounts(on viewModel: AccountsViewModel) async {
  await viewModel.load()
}

/// What the screen shows right now.
///
/// - Parameter viewModel: The view model to read.
/// - Returns: The view model's state as one ``AccountsScreenState``.
@MainActor
public func screenState(of viewModel: AccountsViewModel) -> AccountsScreenState {
  // TODO: Task 2 — report what the view model knows, not always a list.
  .content(viewModel.accounts)
}

/// Shares one listed account through the channel the customer picked for this tap.
///
/// - Parameters:
///   - accountID: The account to share.
///   - viewModel: The view model that lists it.
///   - channel: Where to send it, this time only.
@MainActor
public func shareAccount(
  _ accountID: Account.ID,
  on viewModel: AccountsViewModel,
  via channel: any ShareChannel
) {
  // TODO: Task 6 — the channel is the customer's pick for this tap; it must reach the share.
  viewModel.share(accountID: accountID)
}

/// Attaches a logger to a view model that already exists.
///
/// - Parameters:
///   - logger: Where the view model's diagnostic messages should go from now on.
///   - viewModel: The view model.
@MainActor
public func attachLogger(_ logger: any AccountsLogger, to viewModel: AccountsViewModel) {
  // TODO: Task 7 — give the view model this logger.
}
