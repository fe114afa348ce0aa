import Foundation
import Lesson01TightCoupling
import Testing

@Suite("Task 5 — Wire the live objects at the composition root", .freshInternet)
@MainActor
struct Task5Tests {
  /// A build that talks to a staging server: not production, so a view model that
  /// picks its own live objects for production goes to the wrong place.
  let staging = AppConfiguration(apiHost: "api.staging.test", analyticsKey: "staging-91bd")

  @Test("The live view model loads from the configured API host")
  func liveViewModelLoadsFromTheConfiguredHost() async {
    let internet = Internet(apiHost: staging.apiHost, profiles: [Sample.grace()])

    await Internet.$current.withValue(internet) {
      let viewModel = makeLiveProfileViewModel(configuration: staging)
      await viewModel.load(userID: "grace")

      let requests = internet.traffic.filter { !$0.isAnalytics }
      #expect(
        requests == [.request(method: "GET", url: "https://api.staging.test/users/grace")],
        """
        makeLiveProfileViewModel(configuration:) was given the staging configuration, so \
        loading Grace should send one request, GET https://api.staging.test/users/grace. \
        The internet received:
        \(listing(requests))
        Build a LiveProfileService from configuration.apiHost and hand it to the view model.
        """
      )
      #expect(
        viewModel.state == .loaded(Sample.grace()),
        """
        The staging server knows Grace, so the screen should show her. It shows \
        \(viewModel.state).
        """
      )
    }
  }

  @Test("The live view model reports to analytics under the configured key")
  func liveViewModelReportsUnderTheConfiguredKey() async {
    let internet = Internet(apiHost: staging.apiHost, profiles: [Sample.grace()])

    await Internet.$current.withValue(internet) {
      let viewModel = makeLiveProfileViewModel(configuration: staging)
      await viewModel.load(userID: "grace")

      let sent = internet.traffic.filter(\.isAnalytics)
      let sessions = sent.filter { if case .analyticsSession = $0 { true } else { false } }
      let underOtherKeys = sent.filter { $0.analyticsKey != "staging-91bd" }
      #expect(
        sent.contains(.analyticsEvent(.profileViewed(userID: "grace"), apiKey: "staging-91bd"))
          && underOtherKeys.isEmpty && sessions.count <= 1,
        """
        With the staging configuration, the live tracker should send profile_viewed under \
        the key staging-91bd, open at most one session, and send nothing under any other \
        key. The analytics vendor received:
        \(listing(sent))
        Build one LiveAnalyticsTracker from configuration.analyticsKey at the \
        composition root and hand it to the view model.
        """
      )
    }
  }

  @Test("The live view model follows through the configured API host")
  func liveViewModelFollowsThroughTheConfiguredHost() async {
    let internet = Internet(apiHost: staging.apiHost, profiles: [Sample.grace()])

    await Internet.$current.withValue(internet) {
      let viewModel = makeLiveProfileViewModel(configuration: staging)
      await viewModel.load(userID: "grace")
      await viewModel.follow()

      let follows = internet.traffic.filter {
        if case .request("POST", _) = $0 { return true }
        return false
      }
      #expect(
        follows == [.request(method: "POST", url: "https://api.staging.test/users/grace/followers")]
          && viewModel.isFollowing,
        """
        Following Grace on staging should send POST \
        https://api.staging.test/users/grace/followers and set isFollowing. The internet \
        received these follow requests:
        \(listing(follows))
        and isFollowing is \(viewModel.isFollowing). \(followAdvice(viewModel))
        """
      )
    }
  }

  @Test("The live view model reads the real clock")
  func liveViewModelReadsTheRealClock() async {
    // Two and a half hours before the real now: "Active 2 h ago" for a long while yet.
    let profile = Sample.grace(lastActiveAt: Date() - 2.5 * 3_600)
    let internet = Internet(apiHost: staging.apiHost, profiles: [profile])

    await Internet.$current.withValue(internet) {
      let viewModel = makeLiveProfileViewModel(configuration: staging)
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

  /// What to change when following on staging went wrong: a failed load comes first.
  private func followAdvice(_ viewModel: ProfileViewModel) -> String {
    guard case .loaded = viewModel.state else {
      return """
        The load failed first (the screen shows \(String(describingForTest: viewModel.state))), \
        so follow() had no profile and returned early. Check the host: build the \
        LiveProfileService from configuration.apiHost, not from a fixed or production host.
        """
    }
    return """
      follow() must go through the same LiveProfileService the composition root built \
      from configuration.apiHost, not an API client of its own.
      """
  }

  /// What to change when the live text is wrong: a failed load is not the clock's fault.
  private func clockAdvice(_ viewModel: ProfileViewModel) -> String {
    if case .failed = viewModel.state {
      return """
        The load failed, so there is no text to check yet, and the clock may well be \
        right. Check the host first: build the LiveProfileService from \
        configuration.apiHost, not from a fixed or production host.
        """
    }
    return "Hand the view model the real clock, `{ Date() }`, at the composition root."
  }
}
