/// A screen of the app: a plain object that holds its view model.
///
/// It stands in for a `UIViewController` or a SwiftUI view, which do not exist on Linux.
@MainActor
public protocol Screen: AnyObject {
  /// The title in the navigation bar.
  var title: String { get }
}

/// Shows screens. Stands in for a `UINavigationController`.
@MainActor
public protocol Navigator {
  /// Shows `screen` on top of the current stack.
  func push(_ screen: any Screen)
  /// Shows `screen` modally, over everything else.
  func present(_ screen: any Screen)
}

/// Runs one flow of the app: decides which screen comes when.
@MainActor
public protocol Coordinator {
  /// Shows the flow's first screen.
  func start()
}
