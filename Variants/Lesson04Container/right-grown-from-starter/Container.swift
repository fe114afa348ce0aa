// Variant: the starter grown task by task, as a learner following the hints would: the
// NSLock became an NSCondition that guards the tables and lets callers wait for a singleton
// being created; factories get a small resolver that carries the chain and the resolution,
// and each singleton being created names the resolution creating it, which names the
// singleton it waits for, so a wait that would close a loop across threads throws. A chain
// entry is the key and the container that builds it, and a task-local names the step running
// on this thread, so a resolver kept past its factory and used inside another factory
// continues that factory's resolution. Right.
import Foundation

/// A dependency injection container: register a factory per service, resolve by type.
public final class Container: Resolver, @unchecked Sendable {
  private struct Key: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: String?
    let label: String
  }

  /// A chain entry: the registration's key and the container whose registrations its
  /// factory resolves from, so a child's override is not its parent's service.
  private struct Link: Hashable, Sendable {
    let key: Key
    let builder: ObjectIdentifier
  }

  /// The step whose factory runs on this thread now.
  private struct Current: Sendable {
    @TaskLocal static var step: Step?
  }

  /// One top-level resolve. NB: `waitingFor` and `waitChain` are guarded by `waitsLock`.
  private final class Resolution: @unchecked Sendable {
    var waitingFor: Entry?
    var waitChain: [Link] = []
  }

  /// Guards who creates which singleton and who waits for which, in every container.
  private static let waitsLock = NSLock()

  // NB: `instance` and `isCreating` are guarded by the owning container's `condition`,
  // `creator` by `waitsLock`.
  private final class Entry: @unchecked Sendable {
    let key: Key
    /// The chain entry of this registration's singleton, built by the container that owns it.
    let link: Link
    let scope: Scope
    let factory: @Sendable (any Resolver) throws -> any Sendable
    var instance: (any Sendable)?
    var isCreating = false
    var creator: Resolution?

    init(
      key: Key, owner: ObjectIdentifier, scope: Scope,
      factory: @escaping @Sendable (any Resolver) throws -> any Sendable
    ) {
      self.key = key
      self.link = Link(key: key, builder: owner)
      self.scope = scope
      self.factory = factory
    }
  }

  private struct Step: Resolver {
    let container: Container
    let chain: [Link]
    let resolution: Resolution
    let finished: Finished

    func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws -> Service {
      // Kept past its factory (in a closure): the chain is over, start afresh.
      if finished.isSet { return try container.resolve(type, name: name) }
      return try container.resolve(type, name: name, chain: chain, resolution: resolution)
    }
  }

  /// Set once the factory that got a step has returned.
  private final class Finished: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
      lock.lock()
      defer { lock.unlock() }
      return value
    }

    func set() {
      lock.lock()
      value = true
      lock.unlock()
    }
  }

  private let condition = NSCondition()
  private var entries: [Key: Entry] = [:]
  private let parent: Container?

  /// Creates an empty container.
  public init() {
    parent = nil
  }

  private init(parent: Container) {
    self.parent = parent
  }

  /// Registers the factory that makes `type`.
  public func register<Service: Sendable>(
    _ type: Service.Type,
    name: String? = nil,
    scope: Scope = .transient,
    factory: @escaping @Sendable (any Resolver) throws -> Service
  ) {
    let key = Key(type: ObjectIdentifier(type), name: name, label: String(describing: type))
    condition.lock()
    defer { condition.unlock() }
    entries[key] = Entry(key: key, owner: ObjectIdentifier(self), scope: scope, factory: factory)
  }

  /// Returns the service registered for `type` under `name`.
  public func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws -> Service {
    // Inside a factory running on this thread, this continues that factory's resolution.
    if let step = Current.step, !step.finished.isSet {
      return try resolve(type, name: name, chain: step.chain, resolution: step.resolution)
    }
    return try resolve(type, name: name, chain: [], resolution: Resolution())
  }

  /// Returns a container for a test or a feature, whose registrations override this one's.
  public func makeChild() -> Container {
    Container(parent: self)
  }

  private func resolve<Service: Sendable>(
    _ type: Service.Type,
    name: String?,
    chain: [Link],
    resolution: Resolution
  ) throws -> Service {
    let key = Key(type: ObjectIdentifier(type), name: name, label: String(describing: type))
    guard let (owner, entry) = find(key) else {
      throw ContainerError.unregistered(service: key.label, name: name)
    }
    let builder = entry.scope == .singleton ? owner : self
    let link = Link(key: key, builder: ObjectIdentifier(builder))
    if let start = chain.firstIndex(of: link) {
      throw ContainerError.cycle(path: (chain[start...] + [link]).map(\.key.label))
    }
    let made: any Sendable
    switch entry.scope {
    case .transient:
      let finished = Finished()
      defer { finished.set() }
      let step = Step(
        container: self, chain: chain + [link], resolution: resolution, finished: finished)
      made = try Current.$step.withValue(step) { try entry.factory(step) }
    case .singleton:
      made = try owner.singleton(entry, chain: chain + [link], resolution: resolution)
    }
    guard let service = made as? Service else {
      throw ContainerError.unregistered(service: key.label, name: name)
    }
    return service
  }

  private func find(_ key: Key) -> (Container, Entry)? {
    condition.lock()
    let entry = entries[key]
    condition.unlock()
    if let entry { return (self, entry) }
    return parent?.find(key)
  }

  private func singleton(
    _ entry: Entry, chain: [Link], resolution: Resolution
  ) throws -> any Sendable {
    condition.lock()
    while entry.isCreating {
      do {
        try Self.willWait(for: entry, as: resolution, chain: chain)
      } catch {
        condition.unlock()
        throw error
      }
      condition.wait()
      Self.waitsLock.withLock { resolution.waitingFor = nil }
    }
    if let instance = entry.instance {
      condition.unlock()
      return instance
    }
    entry.isCreating = true
    Self.waitsLock.withLock { entry.creator = resolution }
    condition.unlock()
    defer { Self.waitsLock.withLock { entry.creator = nil } }
    let finished = Finished()
    defer { finished.set() }
    do {
      let step = Step(container: self, chain: chain, resolution: resolution, finished: finished)
      let instance = try Current.$step.withValue(step) { try entry.factory(step) }
      condition.lock()
      entry.instance = instance
      entry.isCreating = false
      condition.broadcast()
      condition.unlock()
      return instance
    } catch {
      condition.lock()
      entry.isCreating = false
      condition.broadcast()
      condition.unlock()
      throw error
    }
  }

  /// Follows who creates `entry`, what that one waits for, and so on; throws the cycle if
  /// the trail comes back to `resolution`, and otherwise records the wait.
  private static func willWait(
    for entry: Entry, as resolution: Resolution, chain: [Link]
  ) throws {
    waitsLock.lock()
    defer { waitsLock.unlock() }
    var path = chain
    var next: Entry? = entry
    var steps = 0
    while let current = next, let creator = current.creator, steps < 1_000 {
      steps += 1
      if creator === resolution {
        let start = path.firstIndex(of: current.link) ?? 0
        throw ContainerError.cycle(path: path[start...].map(\.key.label))
      }
      next = creator.waitingFor
      path += creator.waitChain.drop { $0 != current.link }.dropFirst()
    }
    resolution.waitingFor = entry
    resolution.waitChain = chain
  }
}
