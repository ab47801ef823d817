import Foundation
import SignalsTestSupport
import Testing

// The architecture diagram of the guide, drawn from the code itself: the package's targets with
// what each imports (Package.swift and the `import` lines), then the folders of the feature
// with the folders whose types each one names. The test also checks the direction: every arrow
// points down the diagram, so nothing lower knows anything higher.

/// A box of the diagram: its name, its role, and the files it is made of.
private struct Layer {
  let name: String
  let role: String
  let folder: String
}

private let packageLayers = [
  Layer(name: "Demo", role: "View: console screens", folder: "Sources/Demo"),
  Layer(name: "SwiftUIDemo", role: "View: SwiftUI screens", folder: "Sources/SwiftUIDemo"),
  Layer(name: "DemoShared", role: "what both demos share", folder: "Sources/DemoShared"),
  Layer(name: "UserFeature", role: "view models, services, models", folder: "Sources/UserFeature"),
  Layer(name: "ConsoleKit", role: "machinery: the terminal", folder: "Sources/ConsoleKit"),
  Layer(name: "BoundedHTTP", role: "machinery: bounded transfers", folder: "Sources/BoundedHTTP"),
  Layer(
    name: "SignalsObservation", role: "Property -> @Observable bridge",
    folder: "Sources/SignalsObservation"),
  Layer(
    name: "SignalsConcurrency", role: "owned tasks, timers, bridges",
    folder: "Sources/SignalsConcurrency"),
  Layer(name: "Signals", role: "state and events", folder: "Sources/Signals"),
]

private let featureLayers = [
  Layer(name: "List, Detail", role: "ViewModel + screen state", folder: "Sources/UserFeature/List"),
  Layer(name: "Client", role: "Service: talks to the server", folder: "Sources/UserFeature/Client"),
  Layer(name: "Errors", role: "what can go wrong", folder: "Sources/UserFeature/Errors"),
  Layer(name: "Model", role: "Model: plain data", folder: "Sources/UserFeature/Model"),
]

/// The extra folders that belong to a feature layer.
private let sameLayer = ["Sources/UserFeature/List": ["Sources/UserFeature/Detail"]]

extension DiagramTests {
  @Test func architecture() throws {
    var lines = ["The package (arrows: what each target imports)", ""]
    let packageNames = packageLayers.map(\.name)
    for (index, layer) in packageLayers.enumerated() {
      let imports = try Self.imports(in: layer.folder)
      let targets = packageNames.filter { imports.contains($0) }
      let foreign = imports.subtracting(packageNames).subtracting(Self.toolchain)
      #expect(foreign.isEmpty, "\(layer.name) imports \(foreign.sorted()): not the toolchain")
      for target in targets {
        let position = try #require(packageNames.firstIndex(of: target))
        #expect(position > index, "\(layer.name) imports \(target), which is not below it")
      }
      lines.append(Self.row(layer, arrows: targets.isEmpty ? ["(no other target)"] : targets))
    }
    lines += ["", "Inside UserFeature (arrows: the folders whose types each one uses)", ""]
    let declared = try featureLayers.map { layer in
      try Self.declaredTypes(in: [layer.folder] + sameLayer[layer.folder, default: []])
    }
    for (index, layer) in featureLayers.enumerated() {
      let used = Self.identifiers(
        in: try Self.code(in: [layer.folder] + sameLayer[layer.folder, default: []]))
      var uses: [String] = []
      for (other, types) in declared.enumerated() where other != index {
        guard types.contains(where: used.contains) else { continue }
        #expect(other > index, "\(layer.name) uses \(featureLayers[other].name): an arrow up")
        uses.append(featureLayers[other].name)
      }
      lines.append(Self.row(layer, arrows: uses.isEmpty ? ["(nothing)"] : uses))
    }
    try Self.expectDiagram("architecture", text: lines.joined(separator: "\n"))
  }

  /// What a target may import besides the package's targets: the Swift toolchain alone (no
  /// external packages, ever), the platform's C library under each of its names.
  private static let toolchain: Set = [
    "Darwin", "Dispatch", "Foundation", "FoundationNetworking", "Glibc", "Musl", "Observation",
    "SwiftUI", "Synchronization",
  ]

  private static func row(_ layer: Layer, arrows: [String]) -> String {
    let box = "[\(layer.name)]".padding(toLength: 22, withPad: " ", startingAt: 0)
    let role = layer.role.padding(toLength: 34, withPad: " ", startingAt: 0)
    return "\(box)\(role)-> \(arrows.joined(separator: ", "))"
  }

  private static func swiftFiles(in folder: String) throws -> [URL] {
    let root = package.appendingPathComponent(folder)
    let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    return (files?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
  }

  private static func code(in folders: [String]) throws -> String {
    try folders.flatMap(swiftFiles(in:)).map { try String(contentsOf: $0, encoding: .utf8) }
      .joined(separator: "\n")
  }

  private static func imports(in folder: String) throws -> Set<String> {
    let pattern = try Regex(#"(?m)^\s*import (\w+)"#)
    return Set(
      try code(in: [folder]).matches(of: pattern).compactMap { $0.output[1].substring }
        .map(String.init))
  }

  private static func declaredTypes(in folders: [String]) throws -> [String] {
    let pattern = try Regex(
      #"(?m)^(?:public |package |internal )?(?:final )?(?:struct|class|enum|protocol|actor) (\w+)"#)
    return try code(in: folders).matches(of: pattern).compactMap { $0.output[1].substring }
      .map(String.init)
  }

  /// Every identifier the code spells outside comments, so a type counts as used only when
  /// the code names it whole (a doc comment that mentions a type is no dependency).
  /// The identifiers of `source`'s code: comments and the text of string literals (a message
  /// naming a type is not a use of it) are left out.
  private static func identifiers(in source: String) -> Set<String> {
    let code = source.split(separator: "\n").map { line in
      (line.range(of: "//").map { line[..<$0.lowerBound] } ?? line)
        .replacing(#/"(?:[^"\\]|\\.)*"/#, with: "")
    }
    return Set(
      code.flatMap { $0.split { !($0.isLetter || $0.isNumber || $0 == "_") } }.map(String.init))
  }
}
