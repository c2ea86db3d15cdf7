import BenchPlan
import BenchRunning
import Foundation

/// One file of a report and how it renders, as one of hyperfine's exporters: the file's name comes from its kind's
/// list (``ReportKind/files``), the bytes from the closure.
public struct ReportFormat {
    public let file: ReportFile
    let render: () throws -> Data

    public init(_ file: ReportFile, _ render: @escaping () throws -> Data) {
        self.file = file
        self.render = render
    }

    /// A text format.
    public init(_ file: ReportFile, text: @escaping () -> String) {
        self.init(file) { Data(text().utf8) }
    }
}

/// A report bench publishes into a folder of its own: a format for each file its kind lists, in that order, and the
/// charts beside them. Every command publishes through ``files()``, so a kind's files are written, checked against a
/// user's and listed in one place.
public protocol PublishedReport {
    /// The kind whose files ``formats()`` renders.
    static var kind: ReportKind { get }
    /// One format per file of ``kind``, in its order.
    func formats() -> [ReportFormat]
    /// Files beside the formats, each path relative to the folder (`charts/x.svg`).
    func charts() -> [(path: String, contents: Data)]
    /// The figures `--export-github-benchmark` and `--export-bmf` write; none for a report that has no such figures.
    var exportedFigures: [ExportedFigure] { get }
}

extension PublishedReport {
    public func charts() -> [(path: String, contents: Data)] { [] }
    public var exportedFigures: [ExportedFigure] { [] }

    /// Every file of the report, rendered in memory: the charts, then the kind's files.
    public func files() throws -> [(name: String, contents: Data)] {
        try charts().map { ($0.path, $0.contents) } + formats().map { ($0.file.name, try $0.render()) }
    }

    /// Publishes the report into `directory` as one unit (``ReportWriter``).
    public func publish(to directory: String) throws {
        try ReportWriter.write(files(), to: directory)
    }
}
