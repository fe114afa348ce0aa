// Variant: (harness of right-dependencies-struct-and-task-handle) bundles the
// collaborators and awaits the Task that load() returns.

@MainActor
public func makeAccountsViewModel(
  repository: any AccountsRepository,
  analytics: any AnalyticsTracker
) -> AccountsViewModel {
  AccountsViewModel(dependencies: .init(accounts: repository, analytics: analytics))
}

@MainActor
public func loadAccounts(on viewModel: AccountsViewModel) async {
  await viewModel.load().value
}

@MainActor
public func screenState(of viewModel: AccountsViewModel) -> AccountsScreenState {
  viewModel.state
}

@MainActor
public func shareAccount(
  _ accountID: Account.ID,
  on viewModel: AccountsViewModel,
  via channel: any ShareChannel
) {
  viewModel.share(accountID: accountID, via: channel)
}

@MainActor
public func attachLogger(_ logger: any AccountsLogger, to viewModel: AccountsViewModel) {
  viewModel.logger = logger
}
