import Foundation
import Testing

/// The rule the screens teach: a screen binds its view model and forwards intents; it never
/// reads the view model's current value to decide something. Checked on the sources: outside the
/// body of `bind()`, no file in `Sources/Demo/Screens` reads a `Property`'s `.value` or a view
/// model's property.
@Suite struct ScreensReadNoViewModelValueTests {
  static let screens = PackageRoot.url.appendingPathComponent("Sources/Demo/Screens")

  /// The reads `source` makes outside its `bind()` body, as the lines that make them: a
  /// property's current value (`.value`), or a view model's property other than its `state` and
  /// `events` faces (a method call, an intent, is fine).
  static func readsOutsideBind(_ source: String) -> [String] {
    outsideBind(source).split(separator: "\n").map(String.init).filter { line in
      line.contains(/\.value(?!\w)/)
        || line.contains(/viewModel\.(?!state(?!\w)|events(?!\w))\w+(?![\w(])/)
    }
  }

  /// `source` without the body of `func bind()`, found by matching braces.
  static func outsideBind(_ source: String) -> String {
    guard let signature = source.range(of: "func bind()"),
      let open = source[signature.upperBound...].firstIndex(of: "{")
    else { return source }
    var depth = 0
    var index = open
    while index < source.endIndex {
      switch source[index] {
      case "{": depth += 1
      case "}": depth -= 1
      default: break
      }
      if depth == 0 { break }
      index = source.index(after: index)
    }
    let rest = index < source.endIndex ? source[source.index(after: index)...] : ""
    return String(source[..<open]) + outsideBind(String(rest))
  }

  @Test func noScreenReadsAViewModelsCurrentValueOutsideBind() throws {
    let files = try FileManager.default.contentsOfDirectory(
      at: Self.screens, includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "swift" }
    #expect(files.count >= 5)
    for file in files {
      let reads = Self.readsOutsideBind(try String(contentsOf: file, encoding: .utf8))
      #expect(reads.isEmpty, "\(file.lastPathComponent) reads its view model: \(reads)")
    }
  }

  /// The check catches the read it exists for (the list screen's `handle(_:)` once did this),
  /// and lets the same read inside `bind()` through.
  @Test func theCheckFindsAReadInAHandlerButNotInBind() {
    let handler = """
      override func bind() {
        viewModel.state.receive(on: .mainActor).sink(with: self) { s, v in s.show(v) }.store(in: bag)
      }
      override func handle(_ command: Command) -> TerminalText? {
        let state = viewModel.state.value
        return nil
      }
      """
    #expect(Self.readsOutsideBind(handler) == ["  let state = viewModel.state.value"])
    let settled = "override var isSettled: Bool { !viewModel.state.value.isBusy }"
    #expect(Self.readsOutsideBind(settled).count == 1)
    let pageSize = "guard size != viewModel.pageSize else { return }"
    #expect(Self.readsOutsideBind(pageSize).count == 1)
    #expect(Self.readsOutsideBind("viewModel.apply(pageSize: size)").isEmpty)
  }
}
