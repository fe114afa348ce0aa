// Variant: the coordinator keeps the app's services two levels down, in an environment that
// holds a bundle, "for later screens"; wrong (Task 2: a coordinator stores no service,
// however deep); caught by "The coordinator keeps its factory and navigator, and no
// service".

/// Runs the catalog flow: the product list, then the product the customer picks.
///
/// It decides when each screen appears and nothing else: the factory builds the screens,
/// the navigator shows them, and the coordinator holds no service.
@MainActor
final class CatalogCoordinator: Coordinator {
  private let factory: any CatalogFactory
  private let navigator: any Navigator
  private let environment: FlowEnvironment

  init(factory: any CatalogFactory, navigator: any Navigator) {
    self.factory = factory
    self.navigator = navigator
    environment = FlowEnvironment(services: nil)
  }

  init(factory: any CatalogFactory, navigator: any Navigator, services: any CatalogDependencies) {
    self.factory = factory
    self.navigator = navigator
    environment = FlowEnvironment(services: ServiceBundle(dependencies: services))
  }

  func start() {
    let list = factory.makeProductList { [weak self] product in
      self?.showDetail(of: product)
    }
    navigator.push(list)
  }

  private func showDetail(of product: Product) {
    navigator.push(factory.makeProductDetail(for: product))
  }
}

/// Makes the catalog flow's coordinator.
///
/// - Parameters:
///   - factory: Builds every screen the flow shows.
///   - navigator: Shows them.
/// - Returns: A coordinator whose ``Coordinator/start()`` shows the product list.
@MainActor
public func makeCatalogCoordinator(
  factory: any CatalogFactory,
  navigator: any Navigator
) -> any Coordinator {
  // A demo container until the root hands over its own, "for later screens".
  CatalogCoordinator(
    factory: factory, navigator: navigator, services: AppContainer(configuration: .demo))
}

/// What the flow might need later.
@MainActor
struct FlowEnvironment {
  let services: ServiceBundle?
}

/// The catalog's services, kept for later.
@MainActor
final class ServiceBundle {
  let dependencies: any CatalogDependencies

  init(dependencies: any CatalogDependencies) {
    self.dependencies = dependencies
  }
}
