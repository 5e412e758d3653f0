import MapsnapFormats
import MapsnapKit

public protocol WorkerCount {
    var jobs: Int { get set }
}

/// `--jobs N`: worker threads, shared by `tiles` and `batch`.
public enum JobsOptions {
    public static func option<C: RequestContext & WorkerCount>() -> Option<C> {
        Option(["--jobs"], .required("N"), help: "worker threads (default: the number of cores)", field: "jobs") { c, text in
            guard let j = Int(text), InputLimits.jobs.contains(j) else {
                throw UsageError(option: "--jobs", message: "must be a whole number from \(InputLimits.jobs.lowerBound) to \(InputLimits.jobs.upperBound), got \(text)")
            }
            c.jobs = j
        }
    }
}
