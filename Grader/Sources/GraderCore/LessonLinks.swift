import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Symbolic links in a lesson's folders that would make SwiftPM build other code than the
/// files in them, found by the grader's own walk before every build.
///
/// SwiftPM follows a link to a folder and compiles every Swift file below it into the module:
/// a link to the lesson's own folder or one above it (`Loop -> .`, `Up -> ..`) compiles the
/// same files many times over (a wall of "multiple producers" errors) or, with both, builds
/// without end; a link out of the lesson compiles code that is not the learner's. SwiftPM's
/// own description (``PackagePlan``) is kept until `Package.swift` changes, so it does not
/// see a link made since; this walk does, and costs no process: a few dozen `lstat` calls.
enum LessonLinks {
  /// The first link below `folders` (relative to `root`) that leads to a folder, or a Swift
  /// file that is a link out of the folder it is in, or the folder itself reached through a
  /// link; as an error for the lesson, or `nil` when there is none.
  ///
  /// Hidden entries are passed over, as SwiftPM passes them over (an editor's lock file, such
  /// as Emacs's `.#File.swift`, is a link to nothing).
  static func problem(below folders: [String], in root: URL) -> Diagnostic? {
    let rootPath = URL(fileURLWithPath: root.path).resolvingSymlinksInPath().path
    for folder in folders {
      let url = root.appending(path: folder)
      let resolved = url.resolvingSymlinksInPath().path
      guard RegularFile.kind(atPath: resolved) == .folder else { continue }
      // The folder itself, or one on its way, is a link: all of it comes from elsewhere.
      if resolved != rootPath + "/" + folder {
        return error(
          "\(folder) is a link (or lies in a linked folder) to \(resolved), so none of it is in "
            + "the kata's \(folder)/. The grader grades only files that are in the lesson's "
            + "folder itself: put the files there, not a link to them or to another folder.")
      }
      if let found = firstLink(in: folder, resolvedFolder: resolved, root: root) {
        return error(found)
      }
    }
    return nil
  }

  /// What is wrong with the first offending link below `folder`, walked without following
  /// any link (so a link to `.` cannot make the walk itself endless).
  private static func firstLink(in folder: String, resolvedFolder: String, root: URL) -> String? {
    var pending = [folder]
    while let current = pending.popLast() {
      let names =
        (try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: current).path))
        ?? []
      for name in names.sorted() where !name.hasPrefix(".") {
        let path = "\(current)/\(name)"
        let absolute = root.appending(path: path).path
        var info = stat()
        guard lstat(absolute, &info) == 0 else { continue }
        if info.st_mode & S_IFMT == S_IFDIR {
          pending.append(path)
          continue
        }
        guard info.st_mode & S_IFMT == S_IFLNK else { continue }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: absolute)) ?? "?"
        let resolved = URL(fileURLWithPath: absolute).resolvingSymlinksInPath().path
        let kind = RegularFile.kind(atPath: resolved)
        if kind == .folder {
          return folderLinkMessage(
            path, target: target, resolved: resolved, resolvedFolder: resolvedFolder)
        }
        // A linked file is compiled only when it is Swift code; one in the folder is the
        // learner's own (a duplicate is the compiler's to name).
        if name.hasSuffix(".swift"), kind != .missing,
          !resolved.hasPrefix(resolvedFolder + "/")
        {
          return "\(path) is a link to \(resolved), outside \(folder)/."
            + PackagePlan.StrayProblem(text: "", isLink: true).fix("")
        }
      }
    }
    return nil
  }

  /// Why a link to a folder cannot be built, and what to do.
  private static func folderLinkMessage(
    _ path: String, target: String, resolved: String, resolvedFolder: String
  ) -> String {
    let effect: String
    if resolvedFolder == resolved || resolvedFolder.hasPrefix(resolved + "/") {
      effect =
        "it leads to the lesson's own folder or one that holds it, so SwiftPM would compile "
        + "the lesson's files again and again (\"multiple producers\" errors, or a build that "
        + "never ends)"
    } else if resolved.hasPrefix(resolvedFolder + "/") {
      effect =
        "it leads to a folder of the lesson, so SwiftPM would compile those files twice "
        + "(\"multiple producers\" errors)"
    } else {
      effect =
        "SwiftPM would compile the Swift files in \(resolved) into the lesson, and the grader "
        + "grades only the files in the lesson's folder itself"
    }
    return "\(path) is a link to a folder (\(target)): \(effect). Remove the link (rm \(path) "
      + "removes the link only, not what it leads to); to use files from elsewhere, copy them "
      + "into the lesson's folder."
  }

  private static func error(_ message: String) -> Diagnostic {
    Diagnostic(severity: "error", location: nil, message: message)
  }
}
