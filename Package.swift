// swift-tools-version: 6.0
// Signals: a small, dependency-free reactive binding layer (state as `Property`,
// one-off events as `EventStream`), a feature built on it and a console demo.
// Dependencies flow one way: Demo -> UserFeature -> Signals. No external packages.
// SignalsObservation (Signals -> Observation, for SwiftUI) is a target of its own so that the
// core imports nothing beyond the standard library, Dispatch and Synchronization.
import PackageDescription

let package = Package(
  name: "Signals",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "Signals", targets: ["Signals"]),
    .library(name: "SignalsObservation", targets: ["SignalsObservation"]),
    .library(name: "SignalsTesting", targets: ["SignalsTesting"]),
    .library(name: "UserFeature", targets: ["UserFeature"]),
    .executable(name: "Demo", targets: ["Demo"]),
    .executable(name: "SignalsBenchmarks", targets: ["SignalsBenchmarks"]),
  ],
  targets: [
    .target(name: "Signals"),
    .target(name: "SignalsObservation", dependencies: ["Signals"]),
    .target(name: "SignalsTesting", dependencies: ["Signals"]),
    .target(
      name: "UserFeature",
      dependencies: ["Signals"],
      resources: [.copy("Resources/users.json")]
    ),
    .executableTarget(
      name: "Demo", dependencies: ["UserFeature", "Signals", "SignalsObservation"]),
    .executableTarget(
      name: "SignalsBenchmarks",
      dependencies: ["Signals", "SignalsTesting"],
      path: "Benchmarks/SignalsBenchmarks"
    ),
    // A small process one test runs: main-actor delivery after dispatchMain().
    .executableTarget(
      name: "DispatchMainProbe", dependencies: ["Signals"], path: "Tests/Probes/DispatchMainProbe"),
    // Local HTTP servers (python3) shared by the UserFeature and Demo tests; not a product.
    .target(name: "TestServers", path: "Tests/TestServers"),
    .testTarget(
      name: "SignalsTests", dependencies: ["Signals", "SignalsTesting", "DispatchMainProbe"]),
    .testTarget(
      name: "SignalsObservationTests",
      dependencies: ["SignalsObservation", "Signals", "SignalsTesting"]),
    .testTarget(
      name: "UserFeatureTests",
      dependencies: ["UserFeature", "Signals", "SignalsTesting", "TestServers"]
    ),
    // Exercises, not part of the library: one broken model per anti-pattern of the guide, whose
    // checks pass as known issues until the learner fixes it, and the solutions, which pass the
    // same checks (ExerciseChecks) outright. See Exercises/README.md.
    .target(
      name: "ExerciseChecks", dependencies: ["Signals", "SignalsTesting"], path: "Exercises/Checks"),
    .testTarget(
      name: "Exercises", dependencies: ["ExerciseChecks", "Signals"], path: "Exercises/Exercises"),
    .testTarget(
      name: "Solutions", dependencies: ["ExerciseChecks", "Signals"], path: "Exercises/Solutions"),
    .testTarget(
      name: "DemoTests",
      dependencies: [
        "Demo", "UserFeature", "Signals", "SignalsObservation", "SignalsTesting", "TestServers",
      ],
      exclude: ["Golden"]  // golden transcripts, read by the tests through #filePath
    ),
  ],
  swiftLanguageModes: [.v6]
)
