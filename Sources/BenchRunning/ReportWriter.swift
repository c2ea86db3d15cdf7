import Foundation
import SystemFiles

/// Writes reports: a report's files into a folder as one unit (``ReportDirectory``), and single files to paths the
/// user named, atomically and keeping what the path is (``OutputFile``).
public enum ReportWriter {
    /// Creates `directory` if needed and publishes `files` (name → contents; a name may hold one folder, such as
    /// `charts/a.svg`) as its report: the earlier report it held stays whole until every new file is written, and
    /// of the earlier report's files, those this one does not hold are removed. Nothing else in the folder is touched.
    public static func write(_ files: [(name: String, contents: Data)], to directory: String) throws(WriteFailure) {
        try write(bytes: files.map { ($0.name, Array($0.contents)) }, to: directory)
    }

    /// The same, for files already held as the bytes written.
    public static func write(bytes files: [(name: String, bytes: [UInt8])], to directory: String) throws(WriteFailure) {
        do { try makeDirectories(directory) } catch { throw WriteFailure(error.description) }
        do { try ReportDirectory(directory).publish(files) } catch {
            throw WriteFailure(error.description)
        }
    }

    /// Writes `data` to a path the user named: through a symbolic link, into a device, or replacing a regular file.
    public static func writeAtomically(_ data: Data, to path: String) throws(WriteFailure) {
        do { try OutputFile.write(Array(data), to: path) } catch { throw WriteFailure(error.description) }
    }
}
