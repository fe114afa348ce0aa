import Foundation
import KataTestSupport
import Lesson04Container
import Testing

@Suite("Task 8 — Write the typed alternative")
struct Task8Tests {
  @Test("The HTTP client and the repository are created once and shared")
  func sharedServicesAreCreatedOnce() async throws {
    let clientsMade = Counter()
    let dependencies = AppDependencies {
      clientsMade.increment()
      return SpyHTTPClient()
    }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      (dependencies.accountsRepository, dependencies.accountsRepository, dependencies.httpClient)
    }

    let (firstRepository, secondRepository, client) = try #require(
      outcome.value,
      """
      Reading accountsRepository twice, then httpClient, did not return within \
      \(resolveTimeLimit): does making the repository wait for a lock it already holds?
      """
    )

    #expect(
      firstRepository === secondRepository,
      "accountsRepository should be one shared instance; two reads gave two repositories."
    )
    #expect(
      clientsMade.value == 1,
      "The app should make one HTTP client, on first use; it made \(clientsMade.value)."
    )
    #expect(
      (firstRepository as? RemoteAccountsRepository)?.client === client,
      "The repository should use the app's one HTTP client."
    )
  }

  @Test("Each screen gets a new view model that uses the one shared repository")
  @MainActor
  func viewModelsAreFreshAndShareTheRepository() async throws {
    let client = SpyHTTPClient()
    let dependencies = AppDependencies { client }
    // Make the shared services off the main actor first, so a deadlock fails this test only.
    let warmUp = await runOffPool(timeLimit: resolveTimeLimit) { dependencies.accountsRepository }
    try #require(
      warmUp.didFinish,
      "Reading accountsRepository did not return within \(resolveTimeLimit): a deadlock?")

    let first = dependencies.makeAccountsViewModel()
    let second = dependencies.makeAccountsViewModel()
    await first.load()

    #expect(first !== second, "makeAccountsViewModel() should make a new view model per screen.")
    #expect(
      first.repository === second.repository
        && first.repository === dependencies.accountsRepository,
      "Every view model should get the shared accountsRepository, not a new one."
    )
    #expect(
      first.accounts == SpyHTTPClient.accounts,
      "The view model should show the accounts the client returned.")
    #expect(
      client.requests == ["/accounts"],
      "Loading should send one request through the injected client.")
  }

  @Test(
    "A hundred threads asking for a shared service at once create one client and one repository",
    arguments: ["accountsRepository", "httpClient"])
  func concurrentFirstUseCreatesOnce(property: String) async throws {
    let clientsMade = Counter()
    let dependencies = AppDependencies {
      clientsMade.increment()
      pauseToWidenTheRace()
      return SpyHTTPClient()
    }
    // NB: identifiers, not the services: an unguarded `lazy var` may release one twice, and
    // a recorder that held them would then crash the test instead of failing it.
    let services = Recorder<ObjectIdentifier>()

    let finished = await runConcurrently(100) { _ in
      if property == "httpClient" {
        services.append(ObjectIdentifier(dependencies.httpClient))
      } else {
        services.append(ObjectIdentifier(dependencies.accountsRepository))
      }
    }

    try #require(finished, "100 threads reading \(property) did not return within 10 seconds.")
    let oneService = Set(services.all).count == 1
    #expect(
      clientsMade.value == 1 && oneService,
      """
      100 threads read \(property) at once: the HTTP client was made \
      \(clientsMade.value) time(s), and the threads \
      \(oneService ? "all got one \(property)" : "got different ones"). A \
      property that makes its value on every read (as the starter's do) makes one per \
      reader, and a `lazy var` makes one per thread that reads it first (and cannot live in \
      a Sendable class). Keep each shared value in a cell that creates it exactly once, even \
      when many threads ask at the same moment: the singleton cell of Task 3 fits.
      """
    )
  }

  @Test("Two dependency graphs side by side keep their own client and repository")
  func twoGraphsKeepTheirOwnServices() async throws {
    let firstClient = SpyHTTPClient()
    let secondClient = SpyHTTPClient()
    let first = AppDependencies { firstClient }
    let second = AppDependencies { secondClient }

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      let secondRepository = second.accountsRepository
      let firstRepository = first.accountsRepository
      return first.httpClient === firstClient && second.httpClient === secondClient
        && (firstRepository as? RemoteAccountsRepository)?.client === firstClient
        && (secondRepository as? RemoteAccountsRepository)?.client === secondClient
        && firstRepository !== secondRepository
        && first.accountsRepository === firstRepository
        && second.accountsRepository === secondRepository
    }

    try #require(
      outcome.didFinish,
      "Reading two dependency graphs did not return within \(resolveTimeLimit).")
    #expect(
      outcome.value == true,
      """
      Two AppDependencies, each made with its own client, should each share their own \
      client and repository, read after read; they did not. Is a shared value kept in a \
      `static` (one for the whole app) instead of in each AppDependencies, or made anew on \
      every read?
      """
    )
  }

  @Test("A dependency graph's client and repository go with it, and a new graph makes its own")
  func droppedGraphsTakeTheirServicesAlong() async throws {
    let rounds = 20

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) { () -> (Int, Int) in
      var survivors = 0
      var borrowed = 0
      for _ in 0..<rounds {
        weak var oldClient: SpyHTTPClient?
        weak var oldRepository: (any AccountsRepository)?
        do {
          let client = SpyHTTPClient()
          let dependencies = AppDependencies { client }
          oldRepository = dependencies.accountsRepository
          oldClient = client
        }
        if oldClient != nil || oldRepository != nil { survivors += 1 }
        let newClient = SpyHTTPClient()
        let next = AppDependencies { newClient }
        if next.httpClient !== newClient
          || (next.accountsRepository as? RemoteAccountsRepository)?.client !== newClient
        {
          borrowed += 1
        }
      }
      return (survivors, borrowed)
    }

    let (survivors, borrowed) = try #require(
      outcome.value, "Making and dropping dependency graphs did not return: \(outcome.summary).")
    #expect(
      survivors == 0 && borrowed == 0,
      """
      \(rounds) times, an AppDependencies was made, its repository read, and the graph let \
      go; then a new one was made with a client of its own. In \(survivors) round(s) the \
      dropped graph's client or repository was still alive, and in \(borrowed) round(s) \
      the new graph handed out another client than its own. A graph's shared services \
      belong to that graph and end with it: kept in a table outside it (by the graph's \
      address, which a new object reuses), they live forever and reach the next graph.
      """
    )
  }

  @Test("Nothing is created before it is first used", arguments: [false, true])
  func sharedServicesAreLazy(repositoryFirst: Bool) async throws {
    let clientsMade = Counter()
    let dependencies = AppDependencies {
      clientsMade.increment()
      return SpyHTTPClient()
    }
    let madeBeforeUse = clientsMade.value

    let outcome = await runOffPool(timeLimit: resolveTimeLimit) {
      if repositoryFirst {
        _ = dependencies.accountsRepository
      } else {
        _ = dependencies.httpClient
      }
    }

    try #require(outcome.didFinish, "Reading a shared service did not return: \(outcome.summary).")
    let repositories = storedValues(in: dependencies) { $0 is any AccountsRepository }
    #expect(
      repositoryFirst || repositories.isEmpty,
      """
      Only httpClient was read, yet AppDependencies already holds an accounts repository \
      (found by reflection at \(repositories)). Each shared service is made on its own \
      first use: reading the client must not build the repository too.
      """
    )
    #expect(
      madeBeforeUse == 0 && clientsMade.value == 1,
      """
      AppDependencies made \(madeBeforeUse) HTTP clients before anything asked for one, and \
      \(clientsMade.value) once \(repositoryFirst ? "accountsRepository" : "httpClient") was \
      read. Shared services are made on first use, like a lazy var: an app that builds \
      every service at launch pays for screens nobody opens.
      """
    )
  }

  @Test("AppDependencies keeps no container at any depth", arguments: [false, true])
  func keepsNoContainer(afterUse: Bool) async throws {
    let dependencies = AppDependencies { SpyHTTPClient() }
    if afterUse {
      let used = await runOffPool(timeLimit: resolveTimeLimit) {
        _ = dependencies.accountsRepository
      }
      try #require(used.didFinish, "Reading accountsRepository did not return: \(used.summary).")
    }

    let containers = storedContainers(in: dependencies)

    #expect(
      containers.isEmpty,
      """
      AppDependencies\(afterUse ? ", once its repository was read," : "") keeps a Container \
      (found by reflection at \(containers)). The typed alternative is the graph written \
      out in properties, checked by the compiler: on top of a container, a forgotten \
      registration is again a crash at run time, whatever the properties look like. Keep \
      each shared service in a once-cell of its own.
      """
    )
  }
}

/// Answers every request with two accounts and records the paths it was asked for.
private final class SpyHTTPClient: HTTPClient {
  static let accounts = [
    Account(id: "checking", balance: 1_200), Account(id: "savings", balance: 5_000),
  ]

  private let paths = Recorder<String>()

  var requests: [String] { paths.all }

  func get(_ path: String) async throws -> Data {
    paths.append(path)
    return try JSONEncoder().encode(Self.accounts)
  }
}
