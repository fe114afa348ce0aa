// Variant: the app is a thin value around a `Flows` object that owns the container and the
// coordinators, and each coordinator keeps the screens it showed (as UIKit coordinators keep
// their view controllers); right (screens are what a coordinator shows, not services it
// passes on, and the container lives in the root, not in a coordinator).

/// The running app, as the outside world (the scene, a test) drives it.
@MainActor
public protocol ShopApp {
  /// Shows the first screen, the product list.
  func start()
  /// Shows the current account's order history.
  func showOrders()
  /// Makes `account` the current account; screens built from now on show its data.
  func switchAccount(to account: Account)
}

/// The app's flows and the container they are built from.
@MainActor
final class Flows {
  let container: AppContainer
  let navigator: any Navigator
  let catalog: StackKeepingCatalogCoordinator
  var account: StackKeepingAccountCoordinator

  init(configuration: AppConfiguration, navigator: any Navigator) {
    container = AppContainer(configuration: configuration)
    self.navigator = navigator
    catalog = StackKeepingCatalogCoordinator(
      factory: CatalogModuleFactory(dependencies: container, market: configuration.market),
      navigator: navigator)
    account = StackKeepingAccountCoordinator(
      factory: AccountModuleFactory(
        dependencies: container.makeAccountSession(for: configuration.account)),
      navigator: navigator)
  }
}

/// The composition root: a value that owns the flows.
@MainActor
struct ShopCompositionRoot: ShopApp {
  let flows: Flows

  func start() { flows.catalog.start() }

  func showOrders() { flows.account.start() }

  func switchAccount(to account: Account) {
    flows.account = StackKeepingAccountCoordinator(
      factory: AccountModuleFactory(
        dependencies: flows.container.makeAccountSession(for: account)),
      navigator: flows.navigator)
  }
}

/// The catalog flow, remembering what it showed.
@MainActor
final class StackKeepingCatalogCoordinator: Coordinator {
  private let factory: any CatalogFactory
  private let navigator: any Navigator
  private(set) var shown: [any Screen] = []

  init(factory: any CatalogFactory, navigator: any Navigator) {
    self.factory = factory
    self.navigator = navigator
  }

  func start() {
    show(factory.makeProductList { [weak self] product in self?.showDetail(of: product) })
  }

  private func showDetail(of product: Product) {
    show(factory.makeProductDetail(for: product))
  }

  private func show(_ screen: any Screen) {
    shown.append(screen)
    navigator.push(screen)
  }
}

/// The account flow, remembering what it showed.
@MainActor
final class StackKeepingAccountCoordinator: Coordinator {
  private let factory: any AccountFactory
  private let navigator: any Navigator
  private(set) var shown: [any Screen] = []

  init(factory: any AccountFactory, navigator: any Navigator) {
    self.factory = factory
    self.navigator = navigator
  }

  func start() {
    let screen = factory.makeOrderHistory()
    shown.append(screen)
    navigator.present(screen)
  }
}

/// Builds the whole app from `configuration`.
@MainActor
public func makeShopApp(configuration: AppConfiguration, navigator: any Navigator) -> any ShopApp {
  ShopCompositionRoot(flows: Flows(configuration: configuration, navigator: navigator))
}
