// swift-tools-version: 6.2
// Signals: a small, dependency-free reactive binding layer (state as `Property`,
// one-off events as `EventStream`), a feature built on it, a console demo and a SwiftUI demo.
// Dependencies flow one way: Demo, SwiftUIDemo -> DemoShared -> UserFeature -> Signals;
// UserFeature -> BoundedHTTP (the transfer hardening, which knows nothing of users; Demo uses it
// to run each transfer in a child process of its own executable); and
// Demo, SwiftUIDemo -> ConsoleKit -> Signals (the console machinery, below the demos).
// No external packages.
//
// Tools version 6.2: the tests use `weak let` (SE-0481, first accepted by Swift 6.2), and only a
// 6.2 or newer toolchain has ever built this package; an older one stops at this line with a
// clear "requires a minimum Swift tools version" instead of failing inside the sources.
// SignalsObservation (Signals -> Observation, for SwiftUI) is a target of its own so that the
// core imports nothing beyond the standard library, Dispatch, Synchronization and the C library
// its lock calls (Glibc, Musl or Darwin).
import PackageDescription

let package = Package(
  name: "Signals",
  // The releases that ship `Synchronization`, whose `Atomic` the core uses. Without
  // an entry SwiftPM assumes a much older release for that platform, where they are unavailable.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  // Only the libraries: an app that depends on Signals sees these four and no sample module.
  // The demos, the feature and the benchmarks stay targets of this package (`swift run Demo`
  // works in a clone: SwiftPM makes a product for each executable target of the root package).
  products: [
    .library(name: "Signals", targets: ["Signals"]),
    .library(name: "SignalsConcurrency", targets: ["SignalsConcurrency"]),
    .library(name: "SignalsObservation", targets: ["SignalsObservation"]),
    .library(name: "SignalsTesting", targets: ["SignalsTesting"]),
  ],
  targets: [
    .target(name: "Signals"),
    // What a view model's async work needs beside the core: owned tasks (`TaskOwner`) and the
    // AsyncSequence bridges. A product of its own, so the core stays the small layer.
    .target(name: "SignalsConcurrency", dependencies: ["Signals"]),
    .target(name: "SignalsObservation", dependencies: ["Signals"]),
    .target(name: "SignalsTesting", dependencies: ["Signals", "SignalsConcurrency"]),
    // HTTP with a bound on time and memory, safe to cancel: knows nothing of users.
    .target(name: "BoundedHTTP"),
    .target(
      name: "UserFeature",
      dependencies: ["Signals", "SignalsConcurrency", "BoundedHTTP"],
      resources: [.copy("Resources/users.json")]
    ),
    // What both demos share: the settings model and the simulated-latency client.
    .target(name: "DemoShared", dependencies: ["UserFeature"]),
    // The console machinery the demo runs on: raw mode, display width, styled and sanitized
    // text, output, key decoding, the search field, input splitting, flag parsing, and the
    // trace of a view model's outputs. It knows nothing of UserFeature; Demo is the lesson.
    .target(name: "ConsoleKit", dependencies: ["Signals"]),
    .executableTarget(
      name: "Demo",
      dependencies: ["ConsoleKit", "DemoShared", "UserFeature", "Signals", "BoundedHTTP"]),
    // The same screens in SwiftUI. Its views compile only where SwiftUI exists; on Linux the
    // executable says so and exits, and CI type-checks the views against the stand-in module in
    // StandIns/SwiftUI (scripts/typecheck-swiftui.sh).
    .executableTarget(
      name: "SwiftUIDemo",
      dependencies: [
        "ConsoleKit", "DemoShared", "UserFeature", "Signals", "SignalsConcurrency",
        "SignalsObservation",
      ]),
    .executableTarget(
      name: "SignalsBenchmarks",
      dependencies: ["Signals", "SignalsConcurrency", "SignalsTesting"],
      path: "Benchmarks/SignalsBenchmarks"
    ),
    // A small process one test runs: main-actor delivery after dispatchMain().
    .executableTarget(
      name: "DispatchMainProbe", dependencies: ["Signals"], path: "Tests/Probes/DispatchMainProbe"),
    // A process the live client's reliability tests run: cancel races, memory peaks.
    .executableTarget(
      name: "TransferProbe", dependencies: ["UserFeature", "BoundedHTTP"],
      path: "Tests/Probes/TransferProbe"),
    // Local HTTP servers (python3) shared by the UserFeature and Demo tests, and the finder of
    // the executables the tests start (BuiltProducts); not a product.
    .target(name: "TestServers", path: "Tests/TestServers"),
    // What the library's test targets share: slots, counters, threads, hang guards. Not a test
    // target and not a product.
    .target(
      name: "SignalsTestSupport", dependencies: ["Signals"], path: "Tests/SignalsTestSupport"),
    .testTarget(
      name: "SignalsTests",
      dependencies: [
        "Signals", "SignalsConcurrency", "SignalsTesting", "SignalsTestSupport",
        // The probe is a process the tests start (found with TestServers' `BuiltProducts`); iOS
        // and its kin start no processes, so there the suite builds without either (and
        // without DispatchMainProbeTests).
        .target(name: "DispatchMainProbe", condition: .when(platforms: [.linux, .macOS])),
        .target(name: "TestServers", condition: .when(platforms: [.linux, .macOS])),
      ]),
    // The tests of SignalsConcurrency: owned tasks, their progress form, the sequence bridges.
    .testTarget(
      name: "SignalsConcurrencyTests",
      dependencies: ["SignalsConcurrency", "Signals", "SignalsTesting", "SignalsTestSupport"]),
    // SignalsTesting's own tests: the recorders, virtual time, controllable calls, timelines.
    .testTarget(
      name: "SignalsTestingTests",
      dependencies: ["SignalsTesting", "Signals", "SignalsConcurrency", "SignalsTestSupport"]),
    // The code the documents quote and the tests they cite: the guide's forms, rules and hard
    // cases (Guide), the DocC articles' screens (Articles) and the diagrams drawn from real runs
    // (Diagrams). Kept apart from the library's own tests, so each target mirrors what it checks.
    .testTarget(
      name: "DocsTests",
      dependencies: ["Signals", "SignalsConcurrency", "SignalsTesting", "SignalsTestSupport"]),
    .testTarget(
      name: "SignalsObservationTests",
      dependencies: ["SignalsObservation", "Signals", "SignalsConcurrency", "SignalsTesting"]),
    // Built as Xcode 26's app templates build an app: main-actor default isolation.
    .testTarget(
      name: "SignalsObservationMainActorTests",
      dependencies: ["SignalsObservation", "Signals", "SignalsConcurrency", "SignalsTesting"],
      swiftSettings: [.defaultIsolation(MainActor.self)]),
    .testTarget(name: "BoundedHTTPTests", dependencies: ["BoundedHTTP", "TestServers"]),
    .testTarget(
      name: "UserFeatureTests",
      dependencies: [
        "UserFeature", "Signals", "SignalsConcurrency", "SignalsTesting", "TestServers",
        "TransferProbe",
      ]
    ),
    // Exercises, not part of the library: one broken model per anti-pattern of the guide, whose
    // checks pass as known issues until the learner fixes it, and the solutions, which pass the
    // same checks (ExerciseChecks) outright. See Exercises/README.md.
    .target(
      name: "ExerciseChecks", dependencies: ["Signals", "SignalsConcurrency", "SignalsTesting"],
      path: "Exercises/Checks"),
    .testTarget(
      name: "Exercises", dependencies: ["ExerciseChecks", "Signals"], path: "Exercises/Exercises"),
    .testTarget(
      name: "Solutions", dependencies: ["ExerciseChecks", "Signals"], path: "Exercises/Solutions"),
    .testTarget(
      name: "SwiftUIDemoTests",
      dependencies: [
        "SwiftUIDemo", "DemoShared", "UserFeature", "Signals", "SignalsConcurrency",
        "SignalsTesting",
      ]),
    .testTarget(
      name: "ConsoleKitTests", dependencies: ["ConsoleKit", "Signals", "SignalsTesting"]),
    .testTarget(
      name: "DemoTests",
      dependencies: [
        "Demo", "ConsoleKit", "DemoShared", "UserFeature", "Signals", "SignalsConcurrency",
        "SignalsObservation", "SignalsTesting",
        "TestServers",
      ],
      exclude: ["Golden"]  // golden transcripts, read by the tests through #filePath
    ),
  ],
  swiftLanguageModes: [.v6]
)
