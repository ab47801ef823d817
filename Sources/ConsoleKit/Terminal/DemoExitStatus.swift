/// The Demo's exit statuses.
public enum DemoExitStatus {
  /// Standard output was closed or its terminal hung up: 3.
  public static let outputClosed: Int32 = 3
}
