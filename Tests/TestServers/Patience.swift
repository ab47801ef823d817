/// How long a test lets a request take when time is not what it tests.
public enum Patience {
  /// The timeout a test gives a client (or the Demo's `--timeout`) when its subject is the
  /// answer, not the time: an hour, past every suite's time limit. A machine busy with the whole
  /// suite has taken 30 s to start a test server and more than 12 s to run one request through a
  /// worker process, so a shorter product timeout turned load into a wrong answer; with this one
  /// only a hang fails the test. A test about a timeout gives a short one of its own.
  public static let requestTimeout: Duration = .seconds(3600)
}
