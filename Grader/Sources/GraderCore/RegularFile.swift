import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading a path that a learner (or anyone sharing the temporary folder) can put something
/// other than a file at.
///
/// Opening a named pipe to read waits until something writes to it, and a device may never
/// answer; meanwhile the grader's Ctrl-C handler only raises a flag that nobody looks at, so
/// the grader would wait forever, deaf to Ctrl-C. Every such read goes through here: it looks
/// at the type first, opens without blocking (`O_NONBLOCK`), and checks the type again on
/// what it opened, since the path can change in between.
package enum RegularFile {
  /// What is at a path, its symbolic links followed.
  package enum Kind: Equatable, Sendable {
    /// Nothing (or a link to nothing).
    case missing
    case regular
    case folder
    /// A named pipe, a socket or a device: something no read of the grader's may wait on.
    case special(String)
  }

  /// Makes `folder`, one of the grader's own in a build folder, a folder: created when
  /// missing, and whatever else is in its place removed first (a file or a link: a damaged
  /// `.build`; a link would let the grader empty or fill a folder elsewhere).
  ///
  /// - Returns: Whether it is a folder now.
  @discardableResult
  package static func makeOwnFolder(_ folder: URL) -> Bool {
    let manager = FileManager.default
    func isFolder() -> Bool {
      // The attributes of the path itself: a link is not followed.
      (try? manager.attributesOfItem(atPath: folder.path)[.type]) as? FileAttributeType
        == .typeDirectory
    }
    if !isFolder() {
      try? manager.removeItem(at: folder)
      try? manager.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    return isFolder()
  }

  /// What is at `path`, its symbolic links followed.
  package static func kind(atPath path: String) -> Kind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    return kind(ofMode: info.st_mode)
  }

  /// What a `st_mode` says the file is.
  static func kind(ofMode mode: mode_t) -> Kind {
    switch mode & S_IFMT {
    case S_IFREG: return .regular
    case S_IFDIR: return .folder
    case S_IFIFO: return .special("a named pipe")
    case S_IFSOCK: return .special("a socket")
    default: return .special("a device")
    }
  }

  /// The contents of the regular file at `path` (links followed), or its first `limit` bytes;
  /// `nil` when there is none, it cannot be read, or it is not a regular file. Never waits on
  /// a pipe or a device.
  package static func contents(atPath path: String, upTo limit: Int? = nil) -> Data? {
    guard kind(atPath: path) == .regular else { return nil }
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    // The path may have become a pipe since it was looked at: what was opened is what counts.
    var info = stat()
    guard fstat(descriptor, &info) == 0, kind(ofMode: info.st_mode) == .regular else {
      return nil
    }
    // O_NONBLOCK changes nothing for a regular file: it is read to its end.
    do {
      let data = try limit.map { try handle.read(upToCount: $0) } ?? handle.readToEnd()
      return data ?? Data()
    } catch {
      return nil
    }
  }

  /// The UTF-8 text of the regular file at `url` (see ``contents(atPath:)``); `nil` when
  /// there is none or it is not UTF-8.
  package static func text(at url: URL) -> String? {
    contents(atPath: url.path).flatMap { String(data: $0, encoding: .utf8) }
  }
}
