// Variant: (harness of wrong-task6-channel-kept-in-a-closure) sets the closure, then shares.
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
  AccountsViewModel(repository: repository, analytics: analytics)
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
  viewModel.state
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
  viewModel.sendShare = { channel.share($0) }
  viewModel.share(accountID: accountID)
}

/// Attaches a logger to a view model that already exists.
///
/// - Parameters:
///   - logger: Where the view model's diagnostic messages should go from now on.
///   - viewModel: The view model.
@MainActor
public func attachLogger(_ logger: any AccountsLogger, to viewModel: AccountsViewModel) {
  viewModel.logger = logger
}
