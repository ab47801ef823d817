import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// A view model that uses `MutableProperty` as a property wrapper.
@MainActor private final class CounterViewModel {
  @MutableProperty private(set) var count = 0

  func increment() {
    count += 1
  }
}

@MainActor @Suite struct PropertyWrapperTests {
  @Test func projectionIsTheReadOnlyPropertyWithDidSetTiming() {
    let viewModel = CounterViewModel()
    let face: Property<Int> = viewModel.$count
    let recorder = Recorder(face)
    let readInHandler = Recorder(face.map { _ in face.value })
    viewModel.increment()
    viewModel.increment()
    #expect(viewModel.count == 2)
    #expect(recorder.values == [0, 1, 2])
    // A handler reading the property sees the new value (didSet timing).
    #expect(readInHandler.values == [0, 1, 2])
  }
}
