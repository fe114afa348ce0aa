// Variant: see ProfileViewModel.swift; the composition root calls init().

import Foundation

/// The composition root, delegating to the view model's own live defaults.
@MainActor
public func makeLiveProfileViewModel(configuration: AppConfiguration) -> ProfileViewModel {
  ProfileViewModel()
}
