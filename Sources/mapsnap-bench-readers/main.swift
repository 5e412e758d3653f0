import Foundation
import MapsnapOverlays

// Times the track readers alone: the file is read into memory once, then parsed `runs` times.
// Prints one line per file, `FILE fixes=N bytes=N median_ms=X min_ms=X wall_median_ms=X`, for
// bench/readers.sh. The times are this thread's CPU time, so other work on a shared machine does
// not count; the wall-clock median is printed too (on a quiet machine the two agree).
//
//   mapsnap-bench-readers [--runs N] FILE.csv|FILE.gpx ...

func seconds(_ clock: clockid_t) -> Double {
    var t = timespec()
    clock_gettime(clock, &t)
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
        var cpu: [Double] = [], wall: [Double] = []
        var fixes = 0
        for _ in 0..<runs {
            let cpuStart = seconds(CLOCK_THREAD_CPUTIME_ID), wallStart = seconds(CLOCK_MONOTONIC)
            fixes = try parse(data, path: path)
            cpu.append(seconds(CLOCK_THREAD_CPUTIME_ID) - cpuStart)
            wall.append(seconds(CLOCK_MONOTONIC) - wallStart)
        }
        cpu.sort()
        wall.sort()
        func ms(_ t: Double) -> String { String(format: "%.2f", t * 1000) }
        print("\(path) fixes=\(fixes) bytes=\(data.count) median_ms=\(ms(cpu[runs / 2])) min_ms=\(ms(cpu[0])) wall_median_ms=\(ms(wall[runs / 2]))")
    } catch {
        FileHandle.standardError.write(Data("mapsnap-bench-readers: \(error)\n".utf8))
        exit(1)
    }
}
