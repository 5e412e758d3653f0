import Foundation

extension FuzzTarget {
    /// A CSV file of GPS fixes loaded as `--track fixes.csv` (the CSV splitter, numbers, times).
    static let csvFixes = FuzzTarget("csv-fixes", "CSV fix reader, as --track FILE.csv") { data in
        TrackFileInput.load(data, extension: "csv")
    }
}
