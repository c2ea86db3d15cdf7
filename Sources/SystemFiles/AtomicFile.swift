#if canImport(Glibc)
import Glibc
#endif

/// Replaces a regular file as one step: the bytes go to a new, exclusively created sibling (never through a
/// symbolic link planted under a guessable name), are flushed to the disk (`fsync`), and the sibling is renamed over
/// the path. A crash, a power cut or a full disk leaves the old file, never a half-written one.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws(SystemError) {
        let (directory, name) = RawFile.split(path)
        var temporary = "", descriptor: Int32 = -1
        for _ in 0..<16 {
            temporary = directory + "/." + name + ".tmp-" + RawFile.randomSuffix()
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw SystemError("write", path: path) }
        do throws(SystemError) {
            try RawFile.writeAll(bytes, to: descriptor, path: path)
            if fsync(descriptor) != 0 && errno != EINVAL { throw SystemError("write", path: path) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        do throws(SystemError) { try RawFile.close(descriptor, path: path) } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let failure = SystemError("write", path: path)
            unlink(temporary)
            throw failure
        }
    }
}
