import Foundation
import MapsnapOverlays

// Times the track readers alone: the file is read into memory once, then parsed `runs` times.
// Prints one line per file, `FILE fixes=N bytes=N median_ms=X min_ms=X`, for bench/readers.sh.
//
//   mapsnap-bench-readers [--runs N] FILE.csv|FILE.gpx ...

func monotonicSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Parses once and returns the number of fixes read (tracks, routes and waypoints for GPX).
func parse(_ data: Data, path: String) throws -> Int {
    if path.lowercased().hasSuffix(".gpx") {
        let document = try GPXReader.read(data, fileName: path)
        let trackFixes = document.tracks.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
        return trackFixes + document.routes.reduce(0) { $0 + $1.count } + document.waypoints.count
    }
    return try CSVFixReader.read(data, fileName: path).count
}

var arguments = Array(CommandLine.arguments.dropFirst())
var runs = 9
if arguments.first == "--runs", arguments.count >= 2, let n = Int(arguments[1]), n > 0 {
    runs = n
    arguments.removeFirst(2)
}
guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: mapsnap-bench-readers [--runs N] FILE.csv|FILE.gpx ...\n".utf8))
    exit(2)
}
for path in arguments {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("mapsnap-bench-readers: \(path): cannot be read\n".utf8))
        exit(1)
    }
    do {
        var times: [Double] = []
        var fixes = 0
        for _ in 0..<runs {
            let start = monotonicSeconds()
            fixes = try parse(data, path: path)
            times.append(monotonicSeconds() - start)
        }
        times.sort()
        let median = times[times.count / 2] * 1000, fastest = times[0] * 1000
        print("\(path) fixes=\(fixes) bytes=\(data.count) median_ms=\(String(format: "%.2f", median)) min_ms=\(String(format: "%.2f", fastest))")
    } catch {
        FileHandle.standardError.write(Data("mapsnap-bench-readers: \(error)\n".utf8))
        exit(1)
    }
}
