/// The bound on a text field that comes from outside (a server, the bundled fixture), applied
/// where it is decoded into a ``User``, so no work done with a user's text later (matching,
/// measuring, drawing) can be made arbitrarily long by the text. Internal.
///
/// - At most ``maximumScalarsPerCluster`` scalars per grapheme cluster: a letter with 100,000
///   combining marks is one cluster, and matching that ignores diacritics is quadratic in a
///   cluster's length on Linux (5k / 10k / 20k marks: 0.25 / 1.05 / 5.0 s). The longest
///   clusters people write (an emoji family with skin tones, a subdivision flag) have 10 or
///   fewer; the rest of a longer cluster is dropped.
/// - At most ``maximumScalars`` scalars in all, whole clusters only: far more than any name,
///   handle or address.
///
/// Bounding is linear in the part of the text it keeps plus the first cluster it drops.
enum BoundedText {
  /// The most scalars kept of one field: 512.
  static let maximumScalars = 512
  /// The most scalars kept of one grapheme cluster: 32.
  static let maximumScalarsPerCluster = 32

  /// `text` cut to the bounds above (unchanged when it is within them).
  static func bounding(_ text: String) -> String {
    var kept = String.UnicodeScalarView()
    for cluster in text {
      let scalars = cluster.unicodeScalars.prefix(maximumScalarsPerCluster)
      guard kept.count + scalars.count <= maximumScalars else { break }
      kept.append(contentsOf: scalars)
    }
    return String(kept)
  }
}
