/// What one table's or catalog's extraction counted for one target (``ExtractionReport/TargetSummary``).
struct TargetCounts {
  /// Keys its overlay leaves to the layers below it.
  var inherited = 0
  /// Keys its overlay holds over another value below.
  var overridden = 0
  /// Keys its overlay holds that nothing below has.
  var added = 0
  /// Keys no other target has with the same value.
  var own = 0
}
