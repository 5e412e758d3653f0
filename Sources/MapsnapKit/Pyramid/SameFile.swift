import Foundation

/// Whether two paths name one file (by device and inode: symlinks, `./` and hard links included),
/// so that `merge --force` never replaces one of its own inputs.
enum SameFile {
    static func check(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}
