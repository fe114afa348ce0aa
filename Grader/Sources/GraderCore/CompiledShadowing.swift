import Foundation

/// Finds, in the built module, a declaration of the lesson that would change what the tests'
/// own code means: the compiler's view of what ``ModuleShadowing`` reads from the text.
///
/// After the build, `swift symbolgraph-extract` lists what the lesson's module declares for
/// other modules (its symbol graph: every `public` and `package` symbol, each extension of
/// another module's type in a file of its own, `<Module>@Swift.symbols.json`). The compiler
/// has resolved what text cannot: typealiases, tuples of names, protocol chains, `#if`,
/// nesting, declarations that macros generate. Refused, as by the text check:
/// - a public member of another module's type (an `isEmpty` on `Array`, a `contains` that a
///   conformance to a lesson protocol brings to `String`);
/// - a public operator none of whose operands is a type of the lesson (a `==` on `[String]`,
///   a `~=` on `String`): the tests' comparisons would call it;
/// - a module's name such as `Testing`, public anywhere in the lesson;
/// - a public top-level name the tests take from elsewhere (a borrowed name such as
///   `Issue`), a member named like one of a lesson
///   protocol or open class (which test doubles conform to or subclass), and any public
///   macro.
///
/// When the graph cannot be read (the tool is missing, fails or takes too long) the lesson
/// is graded on the text check alone: no verdict waits on it.
enum CompiledShadowing {
  /// The part of a symbol graph file this check reads.
  struct Graph: Decodable {
    var symbols: [Symbol]
    var relationships: [Relationship]
  }

  struct Symbol: Decodable {
    struct Kind: Decodable { var identifier: String }
    struct Identifier: Decodable { var precise: String }
    struct Position: Decodable { var line: Int }
    struct SourceLocation: Decodable {
      var uri: String
      var position: Position
    }
    struct Fragment: Decodable {
      var kind: String
      var spelling: String
      var preciseIdentifier: String?
    }
    struct Parameter: Decodable { var declarationFragments: [Fragment]? }
    struct Signature: Decodable { var parameters: [Parameter]? }

    var kind: Kind
    var identifier: Identifier
    var pathComponents: [String]
    var accessLevel: String
    var location: SourceLocation?
    var functionSignature: Signature?

    /// Made by the compiler from a protocol's extension, not declared here.
    var isSynthesized: Bool { identifier.precise.contains("::SYNTHESIZED::") }
    /// The name without its argument labels: `==` for `==(_:_:)`.
    var baseName: String {
      String(pathComponents.last?.prefix { $0 != "(" } ?? "")
    }
    var isVisibleToTests: Bool { ["public", "open", "package"].contains(accessLevel) }
  }

  struct Relationship: Decodable {
    var kind: String
    var source: String
    var target: String
  }

  /// The kinds of symbol that declare a type of the lesson's own (not an alias of another's).
  static let nominalKinds: Set<String> = [
    "swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.actor",
  ]

  /// The first declaration in `graphs` that would change what the tests' code means, as an
  /// error for the lesson; `nil` when there is none.
  ///
  /// - Parameters:
  ///   - graphs: The module's symbol graph files, by file name (`Lesson01TightCoupling.symbols
  ///     .json`, `Lesson01TightCoupling@Swift.symbols.json`).
  ///   - module: The lesson's module.
  ///   - borrowed: The names the tests take from elsewhere
  ///     (``ModuleShadowing/borrowedNames(testsFolder:root:)``).
  ///   - testsFunctions: The functions the tests declare
  ///     (``ModuleShadowing/testsFunctions(testsFolder:root:)``), which a public function of
  ///     the lesson would overload.
  ///   - root: The kata's root, for the locations.
  static func problem(
    in graphs: [String: Graph], module: String, borrowed: Set<String>,
    testsFunctions: Set<String> = [], root: URL
  ) -> Diagnostic? {
    let main = graphs["\(module).symbols.json"]
    let own = main?.symbols ?? []
    let nominal = Set(
      own.filter { nominalKinds.contains($0.kind.identifier) }.map(\.identifier.precise))
    let protocols = Set(
      own.filter { $0.kind.identifier == "swift.protocol" }.map(\.identifier.precise))
    let requirements = Set(
      (main?.relationships ?? []).filter { $0.kind == "requirementOf" }.map(\.source))
    let byIdentifier = Dictionary(own.map { ($0.identifier.precise, $0) }) { first, _ in first }

    // Extensions of other modules' types, in files of their own.
    for (name, graph) in graphs.sorted(by: { $0.key < $1.key })
    where name != "\(module).symbols.json" {
      let extended = name.dropFirst(module.count + 1).prefix { $0 != "." }
      guard let symbol = graph.symbols.first(where: \.isVisibleToTests) else { continue }
      let type = symbol.pathComponents.dropLast().joined(separator: ".")
      let shown = type.isEmpty ? String(extended) : "\(extended).\(type)"
      if symbol.isSynthesized {
        // A conformance to a protocol of the lesson brought it.
        let conformance = graph.relationships.first {
          $0.kind == "conformsTo" && protocols.contains($0.target)
        }
        let proto = conformance.flatMap { byIdentifier[$0.target]?.pathComponents.last }
        return diagnostic(
          symbol, root: root,
          "this module makes \(shown) conform to \(proto ?? "a protocol of the lesson"), whose "
            + "extension has public members (\(symbol.baseName) among them): the tests would "
            + "call them on every \(type.isEmpty ? shown : type) instead of the standard ones. "
            + "Make that extension's members internal, or wrap the \(type) in a type of your "
            + "own.")
      }
      return diagnostic(
        symbol, root: root,
        "this adds a public member, \(symbol.baseName), to \(shown): the tests import your "
          + "module, so they would call yours instead of the standard one. Drop `public`; "
          + "if the member fulfils a protocol of yours, which asks it to be public, wrap the "
          + "\(shown) in a type of your own that conforms instead.")
    }

    // The tests read what the lesson's objects store through reflection (`Mirror`); a mirror
    // of the lesson's own can leave out what they look for.
    let customMirror = ["s:s17CustomReflectableP", "s:s21CustomLeafReflectableP"]
    if let relation = graphs.values.flatMap(\.relationships).first(where: {
      ["conformsTo", "inheritsFrom"].contains($0.kind) && customMirror.contains($0.target)
    }), let symbol = byIdentifier[relation.source] {
      return diagnostic(
        symbol, root: root,
        "\(symbol.pathComponents.joined(separator: ".")) gives reflection a mirror of its own "
          + "(CustomReflectable): the tests read what your objects store through reflection, "
          + "and a mirror of your own can leave out what they look for. No lesson needs one; "
          + "remove the conformance.")
    }
    for symbol in own where symbol.isVisibleToTests && !symbol.isSynthesized {
      let name = symbol.baseName
      let kind = symbol.kind.identifier
      if kind == "swift.macro" {
        return diagnostic(
          symbol, root: root,
          "this declares a public macro, \(name): the tests' `#expect` and `#require` are "
            + "macros, and a lesson needs none. Remove it.")
      }
      if kind == "swift.func.op" && ["===", "!=="].contains(name) {
        return diagnostic(
          symbol, root: root,
          "this declares a public \(name): the tests check that two references are one object "
            + "with the standard identity operators, and yours would answer for them. No "
            + "lesson needs its own; remove it.")
      }
      // A protocol's requirement has no body: what conforms answers it.
      if kind == "swift.func.op" && !requirements.contains(symbol.identifier.precise)
        && !hasOwnOperand(symbol, nominal: nominal)
      {
        return diagnostic(
          symbol, root: root,
          "this declares a public operator \(name) on types that are not the lesson's: the "
            + "tests' own comparisons would call it instead of the standard one. Drop "
            + "`public`, or give it an operand of a type of your own.")
      }
      let topLevel = symbol.pathComponents.count == 1
      // Anywhere: the tests extend some of the lesson's types, and `#expect` inside such an
      // extension would call a member named `Testing`. No lesson needs one.
      if ModuleShadowing.modules.contains(name) {
        return diagnostic(
          symbol, root: root,
          "this declares something named \(name), the name of a module the tests use: their "
            + "checks would call it instead of the module, so no verdict could be trusted. "
            + "Give it another name.")
      }
      if topLevel && testsFunctions.contains(name)
        && ["swift.func", "swift.var"].contains(kind)
      {
        return diagnostic(
          symbol, root: root,
          "this declares a public \(name), the name of a function of the tests' own: for "
            + "your types the compiler may call yours instead of theirs, so their checks would "
            + "ask your code. Give it another name, or drop `public`.")
      }
      guard borrowed.contains(name) else { continue }
      let parentPath = Array(symbol.pathComponents.dropLast())
      let parent = topLevel ? nil : own.first { $0.pathComponents == parentPath }
      // A test double conforms to a lesson's protocol, or subclasses an open class: inside
      // it, a member of that parent takes the name over.
      let inherited =
        parent?.isVisibleToTests == true
        && (parent?.kind.identifier == "swift.protocol"
          || (parent?.kind.identifier == "swift.class" && parent?.accessLevel == "open"))
      if topLevel || inherited {
        return diagnostic(
          symbol, root: root,
          "this declares a public \(name), a name the tests take from Swift Testing, the "
            + "standard library or the kata's test support: the tests import your module, so "
            + "they would use yours instead, and no verdict could be trusted. Give it another "
            + "name, or drop `public`.")
      }
    }
    return nil
  }

  /// Whether one of the operator's operands is a type the lesson declares (or `Self`, in a
  /// type of the lesson; or `any` of a protocol of the lesson's), written as its name, its path (`Screens.Row`) or with generic
  /// arguments (`Stamped<Value>`). `[Order]` or `Order?` is not, since an `==` on it would take
  /// over the standard comparison of arrays or optionals of orders; nor is a lesson's alias
  /// (`Order.Text`, which may stand for `[String]`).
  static func hasOwnOperand(_ symbol: Symbol, nominal: Set<String>) -> Bool {
    let member = symbol.pathComponents.count > 1
    return (symbol.functionSignature?.parameters ?? []).contains { parameter in
      let fragments = parameter.declarationFragments ?? []
      guard
        let colon = fragments.firstIndex(where: { $0.kind == "text" && $0.spelling.contains(":") })
      else { return false }
      var rest = Array(fragments[colon...])
      // What follows the colon, an existential's `any` left out (`: any Repository`).
      var after = String(rest[0].spelling.drop { $0 != ":" }.dropFirst())
      if let range = after.firstRange(of: /^\s*any\s+/) { after.removeSubrange(range) }
      rest[0].spelling = after
      // `inout`, `borrowing`, and the spaces around them.
      rest = Array(
        rest.drop {
          $0.kind == "keyword" || ($0.kind == "text" && $0.spelling.allSatisfy(\.isWhitespace))
        })
      // The type's path: names joined by dots; its last name is the type.
      var index = 0
      var type: Symbol.Fragment?
      while index < rest.count, rest[index].kind == "typeIdentifier" {
        type = rest[index]
        index += 1
        guard index < rest.count, rest[index].kind == "text", rest[index].spelling == "."
        else { break }
        index += 1
      }
      guard let type,
        type.preciseIdentifier.map(nominal.contains) ?? (member && type.spelling == "Self")
      else { return false }
      let tail = rest[index...].map(\.spelling).joined().trimmingCharacters(in: .whitespaces)
      return tail.isEmpty || (tail.hasPrefix("<") && tail.hasSuffix(">"))
    }
  }

  private static func diagnostic(_ symbol: Symbol, root: URL, _ message: String) -> Diagnostic {
    Diagnostic(severity: "error", location: location(of: symbol, root: root), message: message)
  }

  /// Where the symbol is declared, relative to `root`; `nil` outside it or when not known.
  static func location(of symbol: Symbol, root: URL) -> Location? {
    guard let place = symbol.location, let url = URL(string: place.uri), url.isFileURL
    else { return nil }
    let path = url.path
    for prefix in [root.path, root.resolvingSymlinksInPath().path].map({ $0 + "/" })
    where path.hasPrefix(prefix) {
      return Location(file: String(path.dropFirst(prefix.count)), line: place.position.line + 1)
    }
    return nil
  }

  // MARK: - Reading the graph

  /// The host's target triple and SDK, as `swift -print-target-info` gives them.
  struct TargetInfo: Decodable, Equatable {
    struct Target: Decodable, Equatable { var triple: String }
    struct Paths: Decodable, Equatable { var sdkPath: String? }
    var target: Target
    var paths: Paths
  }

  /// The arguments of `swift symbolgraph-extract` for `module`, built in `modulesFolder`.
  ///
  /// The target and SDK are given when known: Swift 6.3's tool defaults to the host, older
  /// ones require `-target`, and on macOS the SDK is the one `swift` itself was given
  /// (Xcode's, through `xcrun`), which SwiftPM passes too
  /// (swift-package-manager, Sources/Commands/Utilities/SymbolGraphExtract.swift).
  ///
  /// - Parameters:
  ///   - module: The module's name.
  ///   - modulesFolders: Where its `.swiftmodule` and those it imports are.
  ///   - output: An existing, empty folder for the graph files.
  ///   - moduleCache: The build's module cache.
  ///   - target: The host's triple and SDK; `nil` when not known.
  static func arguments(
    module: String, modulesFolders: [String], output: String, moduleCache: String,
    target: TargetInfo?
  ) -> [String] {
    var arguments = ["swift", "symbolgraph-extract", "-module-name", module]
    for folder in modulesFolders { arguments += ["-I", folder] }
    if let target {
      arguments += ["-target", target.target.triple]
      if let sdk = target.paths.sdkPath, !sdk.isEmpty { arguments += ["-sdk", sdk] }
    }
    arguments += [
      "-module-cache-path", moduleCache, "-minimum-access-level", "private", "-output-dir", output,
    ]
    return arguments
  }

  /// The symbol graph of `module` as built in `scratch`, by file name; `nil` when it cannot be
  /// read.
  ///
  /// - Parameters:
  ///   - module: The lesson's module.
  ///   - scratch: The build folder, absolute.
  ///   - moduleCache: The build's module cache, absolute.
  ///   - root: The kata's root (the working folder).
  ///   - interruption: Ctrl-C: the extraction is stopped.
  /// - Throws: ``GraderError/interrupted`` on Ctrl-C.
  static func graphs(
    of module: String, scratch: URL, moduleCache: String, root: URL,
    interruption: Interruption
  ) throws(GraderError) -> [String: Graph]? {
    let fileManager = FileManager.default
    let output = scratch.appending(path: "kata-grader/symbol-graphs/\(module)")
    try? fileManager.removeItem(at: output)
    guard (try? fileManager.createDirectory(at: output, withIntermediateDirectories: true)) != nil
    else { return nil }
    let debug = scratch.appending(path: "debug")
    // Its own mark and temporary folder, not the build folder's: it runs beside the tests,
    // whose leftovers are ended by that mark, and whose temporary folder is emptied, when
    // they finish.
    let temporary = scratch.appending(path: "kata-grader/symbol-graphs/\(module).tmp")
    let target = try hostTarget(root: root, temporaryFolder: temporary, interruption: interruption)
    var child = ChildProcess(
      arguments: arguments(
        module: module,
        modulesFolders: [debug.appending(path: "Modules").path, debug.path],
        output: output.path, moduleCache: moduleCache, target: target),
      directory: root, interruption: interruption)
    child.temporaryFolder = temporary
    let started = Date()
    let outcome: ChildOutcome
    do {
      outcome = try child.run { Date().timeIntervalSince(started) > 60 ? .stop : .keepWaiting }
    } catch .toolMissing {
      return nil
    }
    if interruption.requested { throw .interrupted }
    guard outcome.status == 0, !outcome.stopped else { return nil }
    var graphs: [String: Graph] = [:]
    for name in (try? fileManager.contentsOfDirectory(atPath: output.path)) ?? []
    where name.hasSuffix(".symbols.json") {
      guard let data = try? Data(contentsOf: output.appending(path: name)),
        let graph = try? JSONDecoder().decode(Graph.self, from: data)
      else { return nil }
      graphs[name] = graph
    }
    return graphs["\(module).symbols.json"] == nil ? nil : graphs
  }

  /// `swift -print-target-info` (a twentieth of a second); `nil` when it cannot be read.
  private static func hostTarget(root: URL, temporaryFolder: URL, interruption: Interruption)
    throws(GraderError) -> TargetInfo?
  {
    var child = ChildProcess(
      arguments: ["swift", "-print-target-info"], directory: root, interruption: interruption)
    child.capturesErrors = false
    child.temporaryFolder = temporaryFolder
    let outcome: ChildOutcome
    do {
      outcome = try child.run()
    } catch .toolMissing {
      return nil
    }
    if interruption.requested { throw .interrupted }
    guard outcome.status == 0 else { return nil }
    return try? JSONDecoder().decode(TargetInfo.self, from: Data(outcome.output.utf8))
  }
}
