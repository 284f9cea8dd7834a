import Foundation

/// Whether a path can be read as a file, decided with `stat(2)` before anything opens it: a FIFO named like a movie
/// would block `open(2)` until a writer appears, and a device may never end.
public enum PathCheck {
    /// Why `path` cannot be read as a regular file (missing, not permitted, a folder, FIFO, device or socket), or nil
    /// when it is a readable regular file. Symbolic links are followed; a dangling one is missing.
    public static func problem(at path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            switch errno {
            case ENOENT, ENOTDIR:
                var link = stat()
                return lstat(path, &link) == 0
                    ? "a symbolic link to a missing file; check where it points"
                    : "no such file or folder; check the path"
            case EACCES: return "permission denied on a folder of the path"
            case ELOOP: return "too many symbolic links (a loop)"
            default: return "it cannot be examined (\(String(cString: strerror(errno))))"
            }
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return access(path, R_OK) == 0 ? nil : "permission denied (the file is not readable by this user)"
        case S_IFDIR: return "it is a folder; pass a file (validate walks folders)"
        case S_IFIFO: return "it is a FIFO (named pipe), not a regular file; skipped without opening it"
        case S_IFCHR, S_IFBLK: return "it is a device, not a regular file; skipped without opening it"
        case S_IFSOCK: return "it is a socket, not a regular file; skipped without opening it"
        default: return "it is not a regular file; skipped without opening it"
        }
    }
}
