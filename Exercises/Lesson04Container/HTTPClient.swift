import Foundation

/// Fetches raw data from the bank's API.
public protocol HTTPClient: AnyObject, Sendable {
  /// Returns the body of a GET request to `path`.
  ///
  /// - Parameter path: The path below the API's base URL, such as `"/accounts"`.
  /// - Returns: The response body.
  /// - Throws: A transport or server error.
  func get(_ path: String) async throws -> Data
}
