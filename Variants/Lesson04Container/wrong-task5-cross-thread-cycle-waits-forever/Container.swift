// Variant: the container before the wait-for graph: a singleton cycle is found only on the
// resolving thread's own chain, so two threads that enter it from opposite ends at once each
// wait forever for the other's creation in flight. Caught by Task 5 "A cycle of singletons
// entered from both ends at once is reported on both threads".
import Synchronization

/// A dependency injection container that is safe to use from many threads at once.
///
/// You register a factory per service at the composition root and resolve services by
/// type. A transient service is made anew on every resolve; a singleton is made on its
/// first resolve, exactly once, and shared afterwards. Factories receive a ``Resolver``
/// to ask for their own dependencies:
///
/// ```swift
/// let container = Container()
/// container.register(Ledger.self, scope: .singleton) { _ in Ledger() }
/// container.register(ReportService.self) { resolver in
///   ReportService(ledger: try resolver.resolve(Ledger.self))
/// }
/// let reports = try container.resolve(ReportService.self)
/// ```
///
/// No lock is held while a factory runs, so a factory may resolve other services, from
/// this thread or another one, without a deadlock. A service that needs itself, directly
/// or through others, is reported as ``ContainerError/cycle(path:)``.
///
/// Source: the dictionary containers of "Dependency Injection va DI Container" and
/// "Injeção de dependência em Swift sem framework", made safe the way Swinject, Factory
/// and swift-dependencies learned to be.
public final class Container: Resolver {
  private let parent: Container?
  private let registrations = Mutex<[Key: Registration]>([:])

  /// Creates an empty container.
  public init() {
    parent = nil
  }

  private init(parent: Container) {
    self.parent = parent
  }

  /// Registers the factory that makes `type`, replacing any earlier registration of
  /// `type` under the same name.
  ///
  /// - Parameters:
  ///   - type: The type callers resolve, often a protocol.
  ///   - name: Tells apart two registrations of one type (`"utc"`, `"local"`).
  ///   - scope: ``Scope/transient`` (the default) or ``Scope/singleton``.
  ///   - factory: Makes the service; it receives a resolver for its own dependencies.
  public func register<Service: Sendable>(
    _ type: Service.Type,
    name: String? = nil,
    scope: Scope = .transient,
    factory: @escaping @Sendable (any Resolver) throws -> Service
  ) {
    let registration = Registration(
      make: { resolver in try factory(resolver) },
      shared: scope == .singleton ? OnceCell() : nil
    )
    registrations.withLock { $0[Key(type, name: name)] = registration }
  }

  /// Returns the service registered for `type` under `name`, here or in a parent.
  ///
  /// - Parameters:
  ///   - type: The type the service was registered as.
  ///   - name: The name it was registered under, or `nil`.
  /// - Returns: A new instance (transient) or the shared one (singleton).
  /// - Throws: ``ContainerError/unregistered(service:name:)``,
  ///   ``ContainerError/cycle(path:)``, or what a factory throws.
  public func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws -> Service {
    try resolve(type, name: name, chain: [])
  }

  /// Returns a container that sees this one's registrations and singletons, and whose
  /// own registrations override them without changing this container.
  ///
  /// Use one per test or per feature that needs a different implementation of a few
  /// services.
  public func makeChild() -> Container {
    Container(parent: self)
  }

  /// Resolves `type` as one step of a resolution chain: `chain` lists the services being
  /// built further up this very call, which is how a cycle is noticed. Every top-level
  /// resolve starts its own chain, so two threads never see each other's.
  fileprivate func resolve<Service: Sendable>(
    _ type: Service.Type,
    name: String?,
    chain: [Key]
  ) throws -> Service {
    let key = Key(type, name: name)
    if let start = chain.firstIndex(of: key) {
      throw ContainerError.cycle(path: (chain[start...] + [key]).map(\.description))
    }
    guard let (owner, registration) = lookUp(key) else {
      throw ContainerError.unregistered(service: key.typeName, name: name)
    }
    let instance: any Sendable
    if let shared = registration.shared {
      // A singleton belongs to the container that registered it and is built from that
      // container's registrations, so a child's override never leaks into its parent.
      let resolver = ChainResolver(container: owner, chain: chain + [key])
      instance = try shared.value { try registration.make(resolver) }
    } else {
      // A transient is built from the container that was asked, so a child's overrides
      // reach everything it makes.
      instance = try registration.make(ChainResolver(container: self, chain: chain + [key]))
    }
    // NB: cannot fail: the key is the type itself, and `register` stored a factory of it.
    guard let service = instance as? Service else {
      throw ContainerError.unregistered(service: key.typeName, name: name)
    }
    return service
  }

  private func lookUp(_ key: Key) -> (owner: Container, registration: Registration)? {
    if let registration = registrations.withLock({ $0[key] }) {
      return (self, registration)
    }
    return parent?.lookUp(key)
  }
}

/// Identifies a registration: the type itself (never its name, which two types may share)
/// and the registration's name.
private struct Key: Hashable, Sendable, CustomStringConvertible {
  let type: ObjectIdentifier
  let name: String?
  let typeName: String

  init<Service>(_ type: Service.Type, name: String?) {
    self.type = ObjectIdentifier(type)
    self.name = name
    self.typeName = String(describing: type)
  }

  static func == (lhs: Key, rhs: Key) -> Bool {
    lhs.type == rhs.type && lhs.name == rhs.name
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(type)
    hasher.combine(name)
  }

  var description: String {
    guard let name else { return typeName }
    return "\(typeName) named \"\(name)\""
  }
}

/// What `register` stores: the factory, and for a singleton the cell that holds it.
private struct Registration: Sendable {
  let make: @Sendable (any Resolver) throws -> any Sendable
  let shared: OnceCell<any Sendable>?
}

/// The resolver a factory receives: the container to ask, and the chain of services this
/// call is building.
private struct ChainResolver: Resolver {
  let container: Container
  let chain: [Key]

  func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws -> Service {
    try container.resolve(type, name: name, chain: chain)
  }
}
