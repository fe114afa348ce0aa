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
/// or through others, is reported as ``ContainerError/cycle(path:)``: within one resolution
/// by its chain, and across threads (two threads that enter a cycle of singletons from
/// opposite ends at once) by the creations in flight that each one waits for.
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
    // Asked from inside a factory that runs on this thread (through a resolver another
    // service kept, say): this is part of that factory's resolution, or a service that needs
    // itself that way would wait for its own creation.
    if let running = ChainResolver.running, running.step.isRunning {
      return try resolve(type, name: name, chain: running.chain, resolution: running.resolution)
    }
    return try resolve(type, name: name, chain: [], resolution: Resolution())
  }

  /// Returns a container that sees this one's registrations and singletons, and whose
  /// own registrations override them without changing this container.
  ///
  /// Use one per test or per feature that needs a different implementation of a few
  /// services.
  public func makeChild() -> Container {
    Container(parent: self)
  }

  /// Resolves `type` as one step of a resolution chain: `chain` lists the registrations
  /// being built further up this very call, which is how a cycle is noticed. Every top-level
  /// resolve starts its own chain, so two threads never see each other's; `resolution`
  /// names that top-level resolve in the creations in flight.
  fileprivate func resolve<Service: Sendable>(
    _ type: Service.Type,
    name: String?,
    chain: [Link],
    resolution: Resolution
  ) throws -> Service {
    let key = Key(type, name: name)
    guard let (owner, registration) = lookUp(key) else {
      throw ContainerError.unregistered(service: key.typeName, name: name)
    }
    // The chain holds registrations: a child's override is not its parent's registration.
    let link = Link(key, builtBy: registration.shared == nil ? self : owner)
    if let start = chain.firstIndex(of: link) {
      throw ContainerError.cycle(path: (chain[start...] + [link]).map(\.description))
    }
    // The factory's resolver belongs to this step only while the factory runs.
    let step = FactoryRun()
    defer { step.end() }
    let instance: any Sendable
    if let shared = registration.shared {
      // A singleton belongs to the container that registered it and is built from that
      // container's registrations, so a child's override never leaks into its parent.
      let resolver = ChainResolver(
        container: owner, chain: chain + [link], resolution: resolution, step: step)
      // Waiting for another thread's creation in flight is safe unless that thread waits,
      // directly or through others, for a creation of ours: then neither would ever finish.
      let cell = ObjectIdentifier(shared)
      try InFlightCreations.all.willWait(for: cell, as: resolution, chain: chain + [link])
      defer { InFlightCreations.all.stoppedWaiting(for: cell, as: resolution) }
      instance = try shared.value {
        InFlightCreations.all.began(cell, link: link, by: resolution)
        defer { InFlightCreations.all.ended(cell) }
        return try resolver.run(registration.make)
      }
    } else {
      // A transient is built from the container that was asked, so a child's overrides
      // reach everything it makes.
      let resolver = ChainResolver(
        container: self, chain: chain + [link], resolution: resolution, step: step)
      instance = try resolver.run(registration.make)
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

/// One entry of a resolution chain: a registration being built, told apart by its key and by
/// the container its factory resolves from (the one that owns a singleton, the one asked for
/// a transient).
///
/// A child's override and its parent's registration of the same type are two entries: a test
/// double in the child that needs a parent's singleton, built from the parent's own
/// registration of that type, is no cycle.
private struct Link: Hashable, Sendable, CustomStringConvertible {
  let key: Key
  let builder: ObjectIdentifier

  init(_ key: Key, builtBy builder: Container) {
    self.key = key
    self.builder = ObjectIdentifier(builder)
  }

  var description: String { key.description }
}

/// What `register` stores: the factory, and for a singleton the cell that holds it.
private struct Registration: Sendable {
  let make: @Sendable (any Resolver) throws -> any Sendable
  let shared: OnceCell<any Sendable>?
}

/// The resolver a factory receives: the container to ask, the chain of services this
/// call is building, and the top-level resolve it belongs to.
///
/// A service may keep it for later, in a closure, to break a cycle (as the cycle error
/// advises). Once its factory has returned, the chain is over, so a later resolve through it
/// starts afresh, as a resolve on the container does, instead of finding its service "still
/// being built".
private struct ChainResolver: Resolver {
  /// The resolver of the factory running on this thread (or task), innermost.
  ///
  /// A resolve that starts afresh where a factory runs (through a resolver another service
  /// kept, or on a container the factory captured) is part of that factory's resolution: a
  /// service that needs itself that way is then a cycle on its chain, not a wait for its own
  /// creation. Outside a task, a task-local value lives in thread-local storage. A task
  /// started inside a factory inherits it, and may outlive the factory: hence `step`.
  @TaskLocal static var running: ChainResolver?

  let container: Container
  let chain: [Link]
  let resolution: Resolution
  let step: FactoryRun

  func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws -> Service {
    guard step.isRunning else { return try container.resolve(type, name: name) }
    return try container.resolve(type, name: name, chain: chain, resolution: resolution)
  }

  /// Runs `factory` with this resolver, which is the one running on this thread until the
  /// factory returns.
  func run(_ factory: (any Resolver) throws -> any Sendable) throws -> any Sendable {
    try Self.$running.withValue(self) { try factory(self) }
  }
}

/// Whether one factory call is still running.
private final class FactoryRun: Sendable {
  private let running = Atomic(true)

  var isRunning: Bool { running.load(ordering: .acquiring) }

  func end() { running.store(false, ordering: .releasing) }
}

/// One top-level resolve, by identity: every factory it runs, on whichever container,
/// belongs to it.
private final class Resolution: Sendable {}

/// The singletons being created right now, in every container, and the resolution each
/// waits for: a wait-for graph.
///
/// A resolution that is about to wait for another's creation in flight follows the graph:
/// who creates that singleton, which creation that one waits for, who creates it, and so
/// on. If the trail comes back to a creation of its own, the wait would never end (each
/// chain holds only its own thread's path, so no chain shows the cycle), and it throws
/// ``ContainerError/cycle(path:)`` instead. Every edge is added under one lock before its
/// owner blocks, so of the threads that close a loop the last one to arrive sees it whole.
///
/// Source: deadlock detection by a wait-for graph, as in database lock managers and in
/// Java's class initialisation.
private final class InFlightCreations: Sendable {
  static let all = InFlightCreations()

  private struct Creation {
    let link: Link
    let resolution: ObjectIdentifier
  }

  private struct Wait {
    let cell: ObjectIdentifier
    let chain: [Link]
  }

  private struct Graph {
    var creations: [ObjectIdentifier: Creation] = [:]
    var waits: [ObjectIdentifier: Wait] = [:]
  }

  private let graph = Mutex(Graph())

  /// Records that `resolution`, building `chain` (whose last entry is the singleton of
  /// `cell`), is about to wait for `cell`.
  ///
  /// - Throws: ``ContainerError/cycle(path:)`` when the creation in flight of `cell`
  ///   waits, directly or through others, for a creation of `resolution`.
  func willWait(for cell: ObjectIdentifier, as resolution: Resolution, chain: [Link]) throws {
    let waiter = ObjectIdentifier(resolution)
    try graph.withLock { graph in
      var path = chain
      var current = cell
      var visited: Set<ObjectIdentifier> = []
      while let creation = graph.creations[current], visited.insert(current).inserted {
        if creation.resolution == waiter {
          let start = path.firstIndex(of: creation.link) ?? path.startIndex
          throw ContainerError.cycle(path: path[start...].map(\.description))
        }
        guard let next = graph.waits[creation.resolution] else { break }
        let resumeAt = next.chain.firstIndex(of: creation.link).map { $0 + 1 } ?? 0
        path += next.chain[resumeAt...]
        current = next.cell
      }
      graph.waits[waiter] = Wait(cell: cell, chain: chain)
    }
  }

  /// Removes the wait that ``willWait(for:as:chain:)`` recorded, once it is over.
  func stoppedWaiting(for cell: ObjectIdentifier, as resolution: Resolution) {
    let waiter = ObjectIdentifier(resolution)
    graph.withLock { graph in
      if graph.waits[waiter]?.cell == cell { graph.waits[waiter] = nil }
    }
  }

  /// Records that `resolution` creates the singleton of `cell`; it no longer waits.
  func began(_ cell: ObjectIdentifier, link: Link, by resolution: Resolution) {
    let creator = ObjectIdentifier(resolution)
    graph.withLock { graph in
      graph.waits[creator] = nil
      graph.creations[cell] = Creation(link: link, resolution: creator)
    }
  }

  /// Removes the creation of `cell`, which returned or threw.
  func ended(_ cell: ObjectIdentifier) {
    graph.withLock { graph in graph.creations[cell] = nil }
  }
}
