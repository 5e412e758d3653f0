import Foundation
import MapsnapFormats
import MapsnapKit

/// `mapsnap batch MANIFEST -o FOLDER`: report images, one per manifest item.
struct BatchCommand {
    var manifest: String?
    var output = "output/reports"
    var options = ReportBatchOptions(manifest: "", outputFolder: "")
    var quiet = false

    static let help = """
    Usage: mapsnap batch MANIFEST.jsonl|MANIFEST.csv -o FOLDER [options]

    Renders one PNG per manifest item to FOLDER/<id>.png and writes FOLDER/batch-report.csv
    (id, status ok|failed|skipped, output, message). A failing item is recorded and the batch goes
    on. Items whose image is newer than the manifest are skipped unless --force.

      -o, --output FOLDER  where the images and the report go (default output/reports)
      --jobs N             worker threads (default: the number of cores)
      --force              re-render every item
      --address            add the offline address to every caption
      --style, --size, --scale, --tiles, --poi none   defaults for every item (an item may override)

    Exit codes: 0 all done, 1 some items failed, 2 the manifest is unreadable (the message names the line).
    The manifest's fields are described in the README.
    """

    mutating func parse(_ args: inout ArgumentList) throws(UsageError) {
        while let word = args.next() {
            let (name, inline) = splitOption(word)
            switch name {
            case "-o", "--output": output = try args.value(for: name, inline: inline)
            case "--jobs":
                let v = try args.value(for: name, inline: inline)
                guard let j = Int(v), j >= 1 else { throw UsageError(option: name, message: "must be a whole number of at least 1, got \(v)") }
                options.jobs = j
            case "--force": options.force = true
            case "--address": options.address = true
            case "--style": options.defaults.style = StyleReference(try args.value(for: name, inline: inline))
            case "--tiles": options.defaults.tiles.append(try args.value(for: name, inline: inline))
            case "--size": options.defaults.size = try SnapshotCommand.parseSize(try args.value(for: name, inline: inline), option: name)
            case "--scale":
                let s = try parseNumber(try args.value(for: name, inline: inline), option: name)
                guard SnapshotOptions.scaleRange.contains(s) else { throw UsageError(option: name, message: "must be between 1 and 4, got \(MessageNumber.format(s))") }
                options.defaults.scale = s
            case "--poi":
                let v = try args.value(for: name, inline: inline)
                guard v == "none" || v == "show" else { throw UsageError(option: name, message: "'\(v)' is not one of show, none") }
                options.defaults.hidePOILabels = v == "none"
            case "-q", "--quiet": quiet = true
            default:
                guard manifest == nil, !ArgumentList.looksLikeOption(word) else {
                    throw UsageError(option: name, message: word.hasPrefix("-") ? "unknown option (see mapsnap batch --help)" : "unexpected argument")
                }
                manifest = word
            }
        }
        guard let manifest else { throw UsageError(option: "batch", message: "give the manifest file (JSON Lines or CSV)") }
        options.manifest = manifest
        options.outputFolder = output
    }

    func run() -> ExitCode {
        let terminal = Console.stderrIsTerminal && !quiet
        let start = Date()
        do {
            let rows = try ReportBatch(options: options).run { p in
                if terminal { Console.progress("items \(p.done)/\(p.total)\(p.failed > 0 ? ", \(p.failed) failed" : "")") }
            }
            if terminal { Console.progress(nil) }
            let ok = rows.filter { $0.status == .ok }.count, failed = rows.filter { $0.status == .failed }.count
            let skipped = rows.filter { $0.status == .skipped }.count
            if !quiet { for r in rows where r.status == .failed { Console.warning("\(r.id): \(r.message)") } }
            let seconds = Date().timeIntervalSince(start)
            Console.info(String(format: "batch: %d ok, %d failed, %d skipped in %.1f s (%.1f items/s) → %@/batch-report.csv",
                                ok, failed, skipped, seconds, Double(ok) / max(seconds, 1e-9), options.outputFolder))
            return failed > 0 ? .failure : .success
        } catch {
            if terminal { Console.progress(nil) }
            Console.error(error.description)
            return .badInput
        }
    }
}
