import Foundation
import MapsnapFormats
import MapsnapKit

/// `mapsnap batch MANIFEST -o FOLDER`: report images, one per manifest item.
struct BatchInvocation: RequestContext, Verbosity, WorkerCount, RemembersCommandLine {
    var batch = ReportBatchOptions(manifest: "", outputFolder: "output/reports")
    /// Items render in worker processes unless `--isolation threads`.
    var isolateInProcesses = true
    /// This process is a worker of another batch (`--serve-items`, not for people).
    var servesItems = false
    var commandLine: [String] = []
    var verbose = false
    var quiet = false
    /// Every item's defaults.
    var request: MapRequest {
        get { batch.defaults }
        set { batch.defaults = newValue }
    }
    var jobs: Int {
        get { batch.jobs }
        set { batch.jobs = newValue }
    }
}

enum BatchCommand {
    static let command = Command<BatchInvocation>(
        name: "batch",
        summary: "report images: one PNG per item of a JSON Lines or CSV manifest",
        usage: "mapsnap batch MANIFEST.jsonl|MANIFEST.csv -o FOLDER [options]",
        description: """
        Renders one PNG per manifest item to FOLDER/<id>.png and writes FOLDER/batch-report.csv
        (id, status ok|failed|skipped, output, message). A failing item is recorded and the batch goes
        on. Items whose image is newer than the manifest are skipped unless --force. --pdf FILE also
        lays the items out as the pages of one PDF. The map options below are every item's
        defaults; an item's own fields (the same names: center, meters, markers, …; see docs/batch.md)
        override them.
        """,
        groups: [
            OptionGroup("Batch", [
                Option(["-o", "--output"], .required("FOLDER"), help: "where the images and the report go (default output/reports)",
                       field: "output") { c, text in c.batch.outputFolder = text },
                JobsOptions.option(),
                Option(["--pdf"], .required("FILE.pdf"),
                       help: "also write the batch as one print-ready PDF: a page per item that rendered,\nin manifest order, as large as its image (caption included), lines and text as vectors;\nfailed items have no page (the report says why); written atomically",
                       field: "pdf") { c, text in
                    guard VectorFormat(fileName: text) == .pdf else { throw UsageError(option: "--pdf", message: "'\(text)' must end in .pdf") }
                    c.batch.reportPDF = text
                },
                Option(["--force"], help: "re-render every item") { c, _ in c.batch.force = true },
                Option(["--address"], help: "add the offline address to every caption") { c, _ in c.batch.address = true },
                Option(["--isolation"], .required("processes|threads"),
                       help: "processes (default): a crash while rendering one item fails that item only;\nthreads: a little faster, but a crash ends the batch") { c, text in
                    guard text == "processes" || text == "threads" else {
                        throw UsageError(option: "--isolation", message: "'\(text)' is not one of processes, threads")
                    }
                    c.isolateInProcesses = text == "processes"
                },
                Option(["--serve-items"], help: "(internal) be a worker process of another batch") { c, _ in c.servesItems = true },
            ]),
            ViewOptions.group(), OverlayOptions.group(), DecorationOptions.group(), StyleAndDataOptions.group(),
            OptionGroup("Output", EncodingOptions.options(pngDefault: "fast", formatHelp: "png (default), webp, jpeg, pdf or svg for every item (an item may say its own)")),
            GeneralOptions.group(verbose: false),
        ],
        positional: ("MANIFEST", "manifest", { c, text in
            guard c.batch.manifest.isEmpty else { throw UsageError(option: text, message: "unexpected argument: the manifest is \(c.batch.manifest)") }
            c.batch.manifest = text
        }),
        epilogue: "Exit codes: 0 all done, 1 some items failed, 2 the manifest is unreadable (the message names the line).",
        initial: BatchInvocation(),
        finish: { c in
            guard !c.batch.manifest.isEmpty else { throw UsageError(option: "", message: "give the manifest file (JSON Lines or CSV)") }
        },
        run: { c, console in run(c, console) })

    static func run(_ c: BatchInvocation, _ console: Console) -> ExitCode {
        if c.servesItems {
            do { try ReportBatch(options: c.batch).serveItems(); return .success } catch {
                return CommandErrors.report(error, command: command, console)
            }
        }
        let terminal = console.stderrIsTerminal && !c.quiet
        let start = Date()
        var options = c.batch
        if c.isolateInProcesses, let executable = SelfExecutable.path {
            options.isolation = .processes(command: [executable] + InjectedFaults.arguments + ["batch"] + c.commandLine + ["--serve-items"])
        }
        do {
            let batch = ReportBatch(options: options)
            let rows = try batch.run { p in
                guard terminal else { return }
                if p.pageTotal > 0 { console.progress("pdf pages \(p.pages)/\(p.pageTotal)"); return }
                console.progress("items \(p.done)/\(p.total)\(p.failed > 0 ? ", \(p.failed) failed" : "")")
            }
            if terminal { console.progress(nil) }
            let ok = rows.filter { $0.status == .ok }.count, failed = rows.filter { $0.status == .failed }.count
            let skipped = rows.filter { $0.status == .skipped }.count
            let warnings = console.warnings(quiet: c.quiet)
            for r in rows where r.status == .failed { warnings.warn("\(r.id): \(r.message)") }
            let seconds = Date().timeIntervalSince(start)
            console.info(String(format: "batch: %d ok, %d failed, %d skipped in %.1f s (%.1f items/s) → %@/batch-report.csv",
                                ok, failed, skipped, seconds, Double(ok) / max(seconds, 1e-9), c.batch.outputFolder))
            if let pdf = c.batch.reportPDF {
                console.info(batch.pdfPages > 0 ? "pdf: \(batch.pdfPages) page\(batch.pdfPages == 1 ? "" : "s") → \(pdf)"
                                                : "pdf: no item rendered, so \(pdf) was not written")
            }
            return failed > 0 ? .failure : .success
        } catch {
            if terminal { console.progress(nil) }
            return CommandErrors.report(error, command: command, console)
        }
    }
}
