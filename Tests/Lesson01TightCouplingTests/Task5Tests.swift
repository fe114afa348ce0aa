import Foundation
import Lesson01TightCoupling
import Testing

@Suite("Task 5 — Wire the live objects at the composition root", .freshInternet)
@MainActor
struct Task5Tests {
  /// Two builds that are not production, so a composition root that wires production, or
  /// one fixed build, goes to the wrong place for at least one of them.
  nonisolated static let builds = [Build.staging, .demo]

  @Test("The live view model loads from the configured API host", arguments: builds)
  func liveViewModelLoadsFromTheConfiguredHost(build: Build) async {
    let internet = build.internet()

    await Internet.$current.withValue(internet) {
      let viewModel = makeLiveProfileViewModel(configuration: build.configuration)
      await viewModel.load(userID: "grace")

      let requests = internet.traffic.filter { !$0.isAnalytics }
      #expect(
        requests == [.request(method: "GET", url: "https://\(build.host)/users/grace")],
        """
        makeLiveProfileViewModel(configuration:) was given the \(build) configuration, so \
        loading Grace should send one request, GET https://\(build.host)/users/grace. \
        The internet received:
        \(listing(requests))
        The live API client should come from the configuration the composition root is \
        given, not from a fixed or production host.
        """
      )
      #expect(
        viewModel.state == .loaded(Sample.grace()),
        """
        The \(build) server knows Grace, so the screen should show her. It shows \
        \(viewModel.state).
        """
      )
    }
  }

  @Test(
    "A load the configured server fails is shown as failed, and no other server is asked",
    arguments: [(Build.staging, true), (Build.demo, false)])
  func aFailedLiveLoadAsksNoOtherServer(build: Build, serverDown: Bool) async {
    // Down: no server answers at the build's host. Up: it answers, but knows only Alan.
    let internet = Internet(
      apiHost: serverDown ? "api.elsewhere.test" : build.host, profiles: [Sample.alan()])

    await Internet.$current.withValue(internet) {
      let viewModel = makeLiveProfileViewModel(configuration: build.configuration)
      await viewModel.load(userID: "grace")

      let requests = internet.traffic.filter { !$0.isAnalytics }
      #expect(
        requests == [.request(method: "GET", url: "https://\(build.host)/users/grace")]
          && viewModel.state.isFailed,
        """
        The \(build) server \(serverDown ? "did not answer" : "does not know Grace"), so \
        loading her should send one request, GET https://\(build.host)/users/grace, and \
        show the failure. The screen shows \(viewModel.state), and the internet received:
        \(listing(requests))
        A build talks to its own server only: falling back to production (or to any other \
        host) when it fails sends a staging or demo user's requests to the real servers.
        """
      )
    }
  }

  @Test("Loading again asks the server again and shows what it says now", arguments: builds)
  func loadingAgainShowsTheServersAnswerNow(build: Build) async {
    let before = Internet(apiHost: build.host, profiles: [Sample.grace()])
    let renamed = UserProfile(
      id: "grace", name: "Rear Admiral Grace Hopper", lastActiveAt: Sample.morning)
    let after = Internet(apiHost: build.host, profiles: [renamed])

    let viewModel = Internet.$current.withValue(before) {
      makeLiveProfileViewModel(configuration: build.configuration)
    }
    await Internet.$current.withValue(before) { await viewModel.load(userID: "grace") }
    // The server's answer changes; the screen loads again.
    await Internet.$current.withValue(after) { await viewModel.load(userID: "grace") }

    let requests = after.traffic.filter { !$0.isAnalytics }
    #expect(
      viewModel.state == .loaded(renamed)
        && requests == [.request(method: "GET", url: "https://\(build.host)/users/grace")],
      """
      The \(build) screen loaded Grace, then her profile changed on the server and the \
      screen loaded her again. The second load should ask the server once more and show \
      "\(renamed.name)". It shows \(viewModel.state), and the second load sent:
      \(listing(requests))
      A reload is the user asking for what the server says now: the live objects the \
      composition root wires should not answer it from what an earlier load remembered.
      """
    )
  }

  @Test(
    "After a failed load, loading again asks the server again and shows its answer",
    arguments: [(Build.staging, true, 1), (Build.demo, false, 3), (Build.staging, false, 6)])
  func loadingAgainAfterAFailedLiveLoad(build: Build, serverDown: Bool, failures: Int) async {
    // First the server is down (no server answers at the build's host) or does not know
    // Grace yet, for `failures` loads in a row; then it answers with her.
    let failing = Internet(
      apiHost: serverDown ? "api.elsewhere.test" : build.host, profiles: [Sample.alan()])
    let answering = build.internet()

    let viewModel = Internet.$current.withValue(failing) {
      makeLiveProfileViewModel(configuration: build.configuration)
    }
    var afterFailures: [ProfileScreenState] = []
    for _ in 0..<failures {
      await Internet.$current.withValue(failing) { await viewModel.load(userID: "grace") }
      afterFailures.append(viewModel.state)
    }
    await Internet.$current.withValue(answering) { await viewModel.load(userID: "grace") }

    let get = Traffic.request(method: "GET", url: "https://\(build.host)/users/grace")
    let failedRequests = failing.traffic.filter { !$0.isAnalytics }
    let requests = answering.traffic.filter { !$0.isAnalytics }
    #expect(
      afterFailures.allSatisfy(\.isFailed) && viewModel.state == .loaded(Sample.grace())
        && failedRequests.map(\.description) == Array(repeating: get.description, count: failures)
        && requests == [get],
      """
      The \(build) server \(serverDown ? "did not answer" : "did not know Grace") for \
      \(failures) load(s) in a row, then answered with her, and the screen loaded her again. \
      Every load should ask the server (one GET each) and show its answer: .failed \
      \(failures) time(s), then Grace. The failed loads showed \(afterFailures) and sent:
      \(listing(failedRequests))
      then the screen showed \(viewModel.state), and the last load sent:
      \(listing(requests))
      A failure is no answer to remember, however many came before: "Try again" asks the \
      server what it says now.
      """
    )
  }

  @Test(
    "A follow the configured server fails sends one POST and leaves the screen unfollowed",
    arguments: [(Build.staging, true), (Build.demo, false)])
  func aFailedLiveFollowSendsOnePost(build: Build, serverDown: Bool) async {
    let answering = build.internet()
    // For the follow, the server is down, or no longer knows Grace.
    let failing = Internet(
      apiHost: serverDown ? "api.elsewhere.test" : build.host, profiles: [Sample.alan()])

    let viewModel = Internet.$current.withValue(answering) {
      makeLiveProfileViewModel(configuration: build.configuration)
    }
    await Internet.$current.withValue(answering) { await viewModel.load(userID: "grace") }
    await Internet.$current.withValue(failing) { await viewModel.follow() }

    let posts = failing.traffic.filter {
      if case .request("POST", _) = $0 { return true }
      return false
    }
    let expected = Traffic.request(
      method: "POST", url: "https://\(build.host)/users/grace/followers")
    #expect(
      viewModel.state == .loaded(Sample.grace()) && posts == [expected]
        && !viewModel.isFollowing,
      """
      The \(build) screen loaded Grace, then the server \
      \(serverDown ? "stopped answering" : "no longer knew her") and the user tapped Follow \
      once. That tap should send one POST https://\(build.host)/users/grace/followers and \
      leave isFollowing false. The screen shows \(viewModel.state), isFollowing is \
      \(viewModel.isFollowing), and the follow requests sent were:
      \(listing(posts))
      One tap, one request: a POST changes something on the server, so the live objects \
      do not send it again on their own; the user can tap again.
      """
    )
  }

  @Test("Following again after loading again sends another POST", arguments: builds)
  func followingAgainAfterAReloadSendsAnotherPost(build: Build) async {
    let internet = build.internet()

    await Internet.$current.withValue(internet) {
      let viewModel = makeLiveProfileViewModel(configuration: build.configuration)
      await viewModel.load(userID: "grace")
      await viewModel.follow()
      await viewModel.load(userID: "grace")
      await viewModel.follow()

      let posts = internet.traffic.filter {
        if case .request("POST", _) = $0 { return true }
        return false
      }
      let expected = Traffic.request(
        method: "POST", url: "https://\(build.host)/users/grace/followers")
      #expect(
        posts == [expected, expected] && viewModel.isFollowing,
        """
        The \(build) screen loaded Grace and followed her, loaded her again (the screen \
        shows her not followed yet) and the user tapped Follow again. Each follow should \
        send POST https://\(build.host)/users/grace/followers: twice in all. The follow \
        requests sent were:
        \(listing(posts))
        and isFollowing is \(viewModel.isFollowing). Whom the user follows is the \
        server's to say: a follow the live objects answer from what they remember never \
        reaches it.
        """
      )
    }
  }

  @Test("The live view model reports to analytics under the configured key", arguments: builds)
  func liveViewModelReportsUnderTheConfiguredKey(build: Build) async {
    let internet = build.internet()

    await Internet.$current.withValue(internet) {
      let viewModel = makeLiveProfileViewModel(configuration: build.configuration)
      await viewModel.load(userID: "grace")

      let sent = internet.traffic.filter(\.isAnalytics)
      let underOtherKeys = sent.filter { $0.analyticsKey != build.key }
      #expect(
        sent.contains(.analyticsEvent(.profileViewed(userID: "grace"), apiKey: build.key))
          && underOtherKeys.isEmpty && sent.sessionCount <= 1,
        """
        With the \(build) configuration, the live tracker should send profile_viewed under \
        the key \(build.key), open at most one session, and send nothing under any other \
        key. The analytics vendor received:
        \(listing(sent))
        The live tracker should come from the configuration the composition root is given.
        """
      )
    }
  }

  @Test("The live view model follows through the configured API host", arguments: builds)
  func liveViewModelFollowsThroughTheConfiguredHost(build: Build) async {
    let internet = build.internet()

    await Internet.$current.withValue(internet) {
      let viewModel = makeLiveProfileViewModel(configuration: build.configuration)
      await viewModel.load(userID: "grace")
      await viewModel.follow()

      let follows = internet.traffic.filter {
        if case .request("POST", _) = $0 { return true }
        return false
      }
      let expected = Traffic.request(
        method: "POST", url: "https://\(build.host)/users/grace/followers")
      #expect(
        follows == [expected] && viewModel.isFollowing,
        """
        Following Grace on the \(build) build should send POST \
        https://\(build.host)/users/grace/followers and set isFollowing. The internet \
        received these follow requests:
        \(listing(follows))
        and isFollowing is \(viewModel.isFollowing). \(followAdvice(viewModel))
        """
      )
    }
  }

  @Test("The live view model reads the real clock", arguments: builds)
  func liveViewModelReadsTheRealClock(build: Build) async {
    // Two and a half hours before the real now: "Active 2 h ago" for a long while yet.
    let profile = Sample.grace(lastActiveAt: Date() - 2.5 * 3_600)
    let internet = Internet(apiHost: build.host, profiles: [profile])

    await Internet.$current.withValue(internet) {
      let viewModel = makeLiveProfileViewModel(configuration: build.configuration)
      await viewModel.load(userID: "grace")

      #expect(
        viewModel.state == .loaded(profile) && viewModel.activityText == "Active 2 h ago",
        """
        Grace was last active two and a half hours ago by the real clock, so the live \
        screen should say "Active 2 h ago". It shows \(viewModel.state) with the text \
        \(quoted(viewModel.activityText)). \(clockAdvice(viewModel))
        """
      )
    }
  }

  @Test(
    "One live tracker serves a screen however many events it sends",
    arguments: [(Build.staging, 12), (Build.demo, 30)])
  func oneLiveTrackerPerScreen(build: Build, loads: Int) async {
    let internet = build.internet()

    await Internet.$current.withValue(internet) {
      let viewModel = makeLiveProfileViewModel(configuration: build.configuration)
      for index in 0..<loads {
        await viewModel.load(userID: index.isMultiple(of: 2) ? "grace" : "alan")
      }
      await viewModel.follow()

      let sent = internet.traffic.filter(\.isAnalytics)
      let events = sent.filter { if case .analyticsEvent = $0 { true } else { false } }
      #expect(
        sent.sessionCount <= 1 && events.count == loads + 1,
        """
        One live screen on the \(build) build loaded Grace and Alan in turn, \(loads) loads, \
        and followed the last one: \(loads + 1) events, under one session at most: a \
        LiveAnalyticsTracker opens a session each time one is created. The vendor saw \
        \(sent.sessionCount) session(s) and \(events.count) event(s):
        \(listing(sent))
        The composition root decides how long each live object lives: a tracker kept for \
        the screen (or for the app), not a new one per event or every few events.
        """
      )
    }
  }

  @Test(
    "Every load on a live screen is reported, the same user again included", arguments: builds)
  func everyLiveLoadIsReported(build: Build) async {
    let internet = build.internet()
    let userIDs = ["grace", "grace", "nobody", "nobody", "grace"]

    await Internet.$current.withValue(internet) {
      let viewModel = makeLiveProfileViewModel(configuration: build.configuration)
      for userID in userIDs {
        await viewModel.load(userID: userID)
      }

      let expected: [Traffic] = userIDs.map { userID in
        let event: AnalyticsEvent =
          userID == "nobody"
          ? .profileLoadFailed(userID: userID) : .profileViewed(userID: userID)
        return .analyticsEvent(event, apiKey: build.key)
      }
      let events = internet.traffic.filter {
        if case .analyticsEvent = $0 { true } else { false }
      }
      #expect(
        events.map(\.description) == expected.map(\.description),
        """
        One live screen on the \(build) build loaded \(userIDs) one after the other (the \
        server does not know "nobody"). Each load should reach the vendor under \(build.key), \
        in order, one event per load:
        \(listing(expected))
        The vendor received:
        \(listing(events))
        The composition root wires the screen to the live tracker; it does not decide what \
        the screen reports: a repeated view, or a repeated failure, is an event of its own.
        """
      )
    }
  }

  @Test("Two live view models with two configurations each keep their own, used again")
  func twoConfigurationsSideBySide() async {
    let stagingInternet = Build.staging.internet()
    let demoInternet = Build.demo.internet()

    // Built one after the other, then used in turn, each under its own internet.
    let staging = Internet.$current.withValue(stagingInternet) {
      makeLiveProfileViewModel(configuration: Build.staging.configuration)
    }
    let demo = Internet.$current.withValue(demoInternet) {
      makeLiveProfileViewModel(configuration: Build.demo.configuration)
    }
    for userID in ["grace", "alan"] {
      await Internet.$current.withValue(stagingInternet) { await staging.load(userID: userID) }
      await Internet.$current.withValue(demoInternet) { await demo.load(userID: userID) }
    }

    for (build, internet, viewModel) in [
      (Build.staging, stagingInternet, staging), (Build.demo, demoInternet, demo),
    ] {
      let expected: [Traffic] = [
        .request(method: "GET", url: "https://\(build.host)/users/grace"),
        .analyticsEvent(.profileViewed(userID: "grace"), apiKey: build.key),
        .request(method: "GET", url: "https://\(build.host)/users/alan"),
        .analyticsEvent(.profileViewed(userID: "alan"), apiKey: build.key),
      ]
      let withoutSessions = internet.traffic.filter {
        if case .analyticsSession = $0 { false } else { true }
      }
      #expect(
        withoutSessions.map(\.description).sorted() == expected.map(\.description).sorted()
          && internet.traffic.filter { $0.analyticsKey != nil && $0.analyticsKey != build.key }
            .isEmpty
          && internet.traffic.sessionCount <= 1
          && viewModel.state == .loaded(Sample.alan()),
        """
        Two live screens were built, one for staging and one for demo, and each loaded \
        Grace, then Alan, in turn. The \(build) screen should talk only to \(build.host) \
        and report only under \(build.key), through at most one session, and show Alan. \
        It shows \(viewModel.state), and the \(build) internet received:
        \(listing(internet.traffic))
        Each call of the composition root should wire the configuration it is given. Live \
        objects kept from an earlier call (in a static, a global or a cache) serve the \
        first configuration to every later screen.
        """
      )
    }
  }

  @Test("Two live screens of one configuration each show their own profile", arguments: builds)
  func twoScreensOfOneConfiguration(build: Build) async {
    let internet = build.internet()

    await Internet.$current.withValue(internet) {
      let first = makeLiveProfileViewModel(configuration: build.configuration)
      let second = makeLiveProfileViewModel(configuration: build.configuration)
      await first.load(userID: "grace")
      await second.load(userID: "alan")
      await first.follow()

      #expect(
        first.state == .loaded(Sample.grace()) && second.state == .loaded(Sample.alan())
          && first.isFollowing && !second.isFollowing,
        """
        Two profile screens were built for the \(build) build, one after the other. The \
        first loaded Grace and followed her, the second loaded Alan. The first should show \
        Grace, followed; the second Alan, not followed. The first shows \(first.state) \
        (isFollowing \(first.isFollowing)), the second \(second.state) (isFollowing \
        \(second.isFollowing)). Each call of the composition root builds a new screen: the \
        live service and tracker may live as long as the app, but a screen's own state is \
        its own.
        """
      )
    }
  }

  @Test(
    "A configuration's empty setting stays its own: production's host or key does not fill it in",
    arguments: [
      Build(name: "staging without a host", host: "", key: "staging-91bd"),
      Build(name: "staging without an analytics key", host: "api.staging.test", key: ""),
    ])
  func anEmptySettingIsNotFilledIn(build: Build) async {
    let production = AppConfiguration.production
    // Production's API answers here: a screen wired to it would load, and show it.
    let internet = Internet(apiHost: production.apiHost, profiles: [Sample.grace()])

    await Internet.$current.withValue(internet) {
      let viewModel = makeLiveProfileViewModel(configuration: build.configuration)
      await viewModel.load(userID: "grace")
    }

    let toProduction = internet.traffic.filter { traffic in
      if case .request(_, let url) = traffic, url.contains(production.apiHost) { return true }
      return traffic.analyticsKey == production.analyticsKey
    }
    #expect(
      toProduction.isEmpty,
      """
      makeLiveProfileViewModel(configuration:) was given a configuration whose \
      \(build.host.isEmpty ? "API host" : "analytics key") is empty. Production's \
      \(build.host.isEmpty ? "host" : "key") should not stand in for it, yet production \
      received:
      \(listing(toProduction))
      A build whose setting is missing (a developer's build with analytics off, say) \
      sends its traffic where its configuration says, or nowhere: filled in with \
      production's, it loads real users or reports to the live dashboard.
      """
    )
  }

  @Test(
    "Guard: once a live screen is gone, the composition root keeps nothing of it",
    arguments: builds)
  func theCompositionRootKeepsNoScreen(build: Build) async {
    let internet = build.internet()
    weak var screen: ProfileViewModel?
    await Internet.$current.withValue(internet) {
      let viewModel = makeLiveProfileViewModel(configuration: build.configuration)
      screen = viewModel
      await viewModel.load(userID: "grace")
      _ = viewModel.activityText
      await viewModel.follow()
    }
    await letWaitingWorkRun()

    #expect(
      screen == nil,
      """
      The test built a live profile screen for the \(build) build, loaded Grace, read her \
      activity text, followed her, and let the screen go. Nothing should hold it now, yet \
      it stayed alive. The composition root builds a new screen each time it is called and \
      hands it over: the live service and tracker may live as long as the app, but a screen \
      kept in a static, a global list or a cache is never freed, and neither is what it holds. \
      If the composition root keeps none, the screen keeps itself: a closure it stores that \
      captures `self` strongly, or a task it started that holds it (Task 1's tests say more).
      """
    )
  }

  @Test(
    "Configurations that share a host or a key each keep their own host and key",
    arguments: [
      (Build.staging, Build(name: "staging beta", host: "api.staging.test", key: "beta-5e1f")),
      (Build.demo, Build(name: "demo mirror", host: "api.mirror.test", key: "demo-07c3")),
    ])
  func configurationsThatShareAHostOrAKey(one: Build, other: Build) async {
    for build in [one, other] {
      let internet = build.internet()
      await Internet.$current.withValue(internet) {
        let viewModel = makeLiveProfileViewModel(configuration: build.configuration)
        await viewModel.load(userID: "grace")

        let expected: [Traffic] = [
          .request(method: "GET", url: "https://\(build.host)/users/grace"),
          .analyticsEvent(.profileViewed(userID: "grace"), apiKey: build.key),
        ]
        let withoutSessions = internet.traffic.filter {
          if case .analyticsSession = $0 { false } else { true }
        }
        let underOtherKeys = internet.traffic.filter {
          $0.analyticsKey != nil && $0.analyticsKey != build.key
        }
        #expect(
          withoutSessions == expected && underOtherKeys.isEmpty,
          """
          The \(one) and \(other) configurations share \
          \(one.host == other.host ? "the host \(one.host)" : "the key \(one.key)") and differ \
          in the other. The \(build) screen, built second or first, should load from \
          \(build.host) and report under \(build.key) only. Its internet received:
          \(listing(internet.traffic))
          Live objects kept by host alone, or by key alone, serve one configuration's key or \
          host to another: whatever the composition root keeps, it keeps per whole \
          configuration.
          """
        )
      }
    }
  }

  /// What to change when following went wrong: a failed load comes first.
  private func followAdvice(_ viewModel: ProfileViewModel) -> String {
    guard case .loaded = viewModel.state else {
      return """
        The load failed first (the screen shows \(String(describingForTest: viewModel.state))), \
        so follow() had no profile and returned early. Check the host: the live API \
        client should come from the configuration, not from a fixed or production host.
        """
    }
    return """
      follow() should go through the same live API client the composition root built \
      from the configuration, not an API client of its own.
      """
  }

  /// What to change when the live text is wrong: a failed load is not the clock's fault.
  private func clockAdvice(_ viewModel: ProfileViewModel) -> String {
    if case .failed = viewModel.state {
      return """
        The load failed, so there is no text to check yet, and the clock may well be \
        right. Check the host first: the live API client should come from the \
        configuration, not from a fixed or production host.
        """
    }
    return "The live view model should read the real clock, at the composition root."
  }
}

/// A build of the app that is not production: its configuration and its internet.
struct Build: Sendable, CustomStringConvertible, CustomTestStringConvertible {
  let name: String
  let host: String
  let key: String

  static let staging = Build(name: "staging", host: "api.staging.test", key: "staging-91bd")
  static let demo = Build(name: "demo", host: "api.demo.test", key: "demo-07c3")

  var configuration: AppConfiguration { AppConfiguration(apiHost: host, analyticsKey: key) }
  var description: String { name }
  var testDescription: String { name }

  /// An internet whose API at this build's host knows Grace and Alan.
  func internet() -> Internet {
    Internet(apiHost: host, profiles: [Sample.grace(), Sample.alan()])
  }
}

extension [Traffic] {
  /// How many analytics sessions were opened: one per live tracker built.
  var sessionCount: Int {
    filter { if case .analyticsSession = $0 { true } else { false } }.count
  }
}
