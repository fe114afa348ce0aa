// Variant: (harness of right-properties-and-completion) bridges the completion handler to
// async with a continuation and maps the separate properties to the screen state.

@MainActor
public func makeAccountsViewModel(
  repository: any AccountsRepository,
  analytics: any AnalyticsTracker
) -> AccountsViewModel {
  AccountsViewModel(repository: repository, analytics: analytics)
}

@MainActor
public func loadAccounts(on viewModel: AccountsViewModel) async {
  await withCheckedContinuation { continuation in
    viewModel.load { continuation.resume() }
  }
}

@MainActor
public func screenState(of viewModel: AccountsViewModel) -> AccountsScreenState {
  if viewModel.isLoading { return .loading }
  if let message = viewModel.errorMessage { return .failure(message: message) }
  guard viewModel.hasLoaded else { return .idle }
  return viewModel.accounts.isEmpty ? .empty : .content(viewModel.accounts)
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
