import Foundation
import MapsnapFuzzing
#if FUZZING
import CLibFuzzer
#endif

/// `mapsnap-fuzz TARGET [ARGUMENTS…]` (see scripts/fuzz.sh).
///
/// Built with `-DFUZZING` and the fuzzer's instrumentation, it hands ARGUMENTS (corpus folders,
/// `-max_total_time=…`, crash files to reproduce) to libFuzzer, which calls TARGET's entry point.
/// Built normally (CI), it replays: each ARGUMENT is a file run through the entry point once,
/// with its verdict printed, so a crash input can be reproduced and debugged without the fuzzer.
@main
enum MapsnapFuzz {
    static func main() {
        var arguments = CommandLine.arguments
        if arguments.count < 2 || arguments[1] == "--list" || arguments[1] == "-h" || arguments[1] == "--help" {
            let width = FuzzTarget.all.map(\.name.count).max() ?? 0
            for target in FuzzTarget.all {
                print(target.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + target.summary)
            }
            exit(arguments.count < 2 ? 2 : 0)
        }
        guard let target = FuzzTarget.named(arguments[1]) ?? ProcessInfo.processInfo.environment[targetVariable].flatMap(FuzzTarget.named) else {
            FileHandle.standardError.write(Data("mapsnap-fuzz: unknown target '\(arguments[1])' (see --list)\n".utf8))
            exit(2)
        }
        if arguments[1] == target.name { arguments.remove(at: 1) }
        #if FUZZING
        fuzz(target, arguments: arguments)
        #else
        replay(target, files: arguments.dropFirst())
        #endif
    }

    /// libFuzzer runs the program again (to minimize a crash, for instance) with the arguments it
    /// was given, which no longer name the target: the environment carries it.
    static let targetVariable = "MAPSNAP_FUZZ_TARGET"

    static func replay(_ target: FuzzTarget, files: ArraySlice<String>) {
        var unreadable = false
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("mapsnap-fuzz: \(path): cannot be read\n".utf8))
                unreadable = true
                continue
            }
            print("\(path): \(target.run(data))")
        }
        exit(unreadable ? 1 : 0)
    }

    #if FUZZING
    /// The target libFuzzer's callback runs (a C function pointer cannot capture it).
    nonisolated(unsafe) static var selected: FuzzTarget?

    static func fuzz(_ target: FuzzTarget, arguments: [String]) -> Never {
        setenv(targetVariable, target.name, 1)
        selected = target
        var argc = CInt(arguments.count)
        var cStrings: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let status = cStrings.withUnsafeMutableBufferPointer { buffer in
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
            return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                let input = data.map { Data(bytes: $0, count: size) } ?? Data()
                _ = MapsnapFuzz.selected?.run(input)
                return 0
            }
        }
        exit(status)
    }
    #endif
}
