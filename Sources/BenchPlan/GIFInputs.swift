import CaseModel
import Foundation
import GIFCodec
import FrameDecoders
import GIFCorpus
import SystemFiles
import WebPCodec

/// One GIF to measure: a user's file, or a synthetic corpus entry made on demand.
public struct GIFInput: Sendable {
    public enum Source: Sendable {
        case file(String)
        case synthetic(SyntheticSpec)
        /// A synthetic GIF's WebP twin (``WebPTwin``), encoded on demand.
        case syntheticWebP(SyntheticSpec, WebPCompression)
    }

    public let name: String
    public let source: Source
    /// What indexing the file found, once it has been indexed (by
    /// ``GIFInputs/partition(_:limits:rules:scratch:deepCheck:)``), so that the parent indexes each GIF once.
    public var facts: GIFFacts?

    public init(name: String, source: Source, facts: GIFFacts? = nil) {
        self.name = name
        self.source = source
        self.facts = facts
    }

    /// A synthetic GIF's WebP twin, named as the file `bench corpus --webp` writes
    /// (`sticker-240x240x60.lossy-q75.webp`).
    public static func webpTwin(of spec: SyntheticSpec, _ compression: WebPCompression) -> GIFInput {
        GIFInput(name: "\(spec.name).\(compression.name).webp", source: .syntheticWebP(spec, compression))
    }
}

/// Turns `--gif FILE|DIR` arguments and `--corpus` into inputs; with neither, the synthetic corpus.
public enum GIFInputs {
    /// The built-in WebP the synthetic corpus plays beside its GIFs where WebP is played: the sticker as a lossy WebP,
    /// as chat apps send stickers.
    public static let syntheticWebP = GIFInput.webpTwin(of: SyntheticCorpus.spec(named: "sticker-240x240x60")!,
                                                        .lossy(quality: WebPTwin.lossyQuality))

    /// `acceptsWebP` (commands that play WebP): the synthetic corpus gains ``syntheticWebP``, the real one its
    /// `gif2webp` twins, and a folder lists its `.webp` files beside its `.gif` ones.
    public static func resolve(_ paths: [String], corpus: CorpusChoice? = nil,
                               acceptsWebP: Bool = false) throws(UsageError) -> [GIFInput] {
        let corpus = corpus ?? (paths.isEmpty ? .synthetic : nil)
        var inputs: [GIFInput] = []
        if corpus == .synthetic || corpus == .all {
            inputs += SyntheticCorpus.all.map { GIFInput(name: $0.name, source: .synthetic($0)) } + (acceptsWebP ? [syntheticWebP] : [])
        }
        if corpus == .real || corpus == .all { inputs += try RealCorpus.inputs(acceptsWebP: acceptsWebP) }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                // A name with no folder that is no file here may be a built-in GIF: `--gif kingfisher-720x720x150`.
                if let spec = SyntheticCorpus.spec(forArgument: path) {
                    inputs.append(GIFInput(name: spec.name, source: .synthetic(spec)))
                    continue
                }
                throw UsageError("\(path): no such file or "
                                 + "directory\(path.contains("/") ? "" : ", nor a built-in GIF (\(SyntheticCorpus.all.map(\.name).joined(separator: ", ")))")")
            }
            if isDirectory.boolValue {
                let suffixes = acceptsWebP ? [".gif", ".webp"] : [".gif"]
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
                    .filter { name in suffixes.contains { name.lowercased().hasSuffix($0) } }.sorted()
                guard !names.isEmpty else { throw UsageError("\(path): no \(suffixes.joined(separator: " or ")) files "
                                                             + "in this directory") }
                inputs += names.map { GIFInput(name: Self.name(ofFile: $0), source: .file((path as NSString).appendingPathComponent($0))) }
            } else {
                inputs.append(GIFInput(name: Self.name(ofFile: PathParts.name(of: path)), source: .file(path)))
            }
        }
        return uniquelyNamed(inputs)
    }

    /// A file's input name: its name without `.gif`; any other extension (`.webp`) kept, so a GIF and its twin differ.
    public static func name(ofFile file: String) -> String {
        file.lowercased().hasSuffix(".gif") ? String(file.dropLast(4)) : file
    }

    /// One input per file, each with its own name: a file given twice is measured once, and files that share a stem
    /// (`a/x.gif`, `b/x.gif`) are named by as many of their parent folders as tell them apart (`a/x`, `b/x`).
    static func uniquelyNamed(_ inputs: [GIFInput]) -> [GIFInput] {
        // One file is one device and inode, whatever the path that reaches it (a link, a hard link, another spelling).
        var seenFiles: Set<FileIdentity> = [], seenPaths: Set<String> = []
        let distinct = inputs.filter { input in
            guard case .file(let path) = input.source else { return true }
            guard let identity = FileIdentity.of(path) else {  // in no folder there is: known by its path alone
                return seenPaths.insert(URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path).inserted
            }
            return seenFiles.insert(identity).inserted
        }
        var names = distinct.map(\.name)
        for depth in 1...64 {
            let counts = Dictionary(names.map { ($0, 1) }, uniquingKeysWith: +)
            guard counts.values.contains(where: { $0 > 1 }) else { break }
            for (index, input) in distinct.enumerated() where counts[names[index], default: 0] > 1 {
                guard case .file(let path) = input.source else { continue }
                let folders = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().pathComponents.filter { $0 != "/" }
                names[index] = (folders.suffix(depth) + [input.name]).joined(separator: "/")
            }
        }
        // Files in one folder whose names differ only in their extension (`x.gif`, `x.GIF`, `y` and `y.gif`) keep it.
        let counts = Dictionary(names.map { ($0, 1) }, uniquingKeysWith: +)
        for (index, input) in distinct.enumerated() where counts[names[index], default: 0] > 1 {
            guard case .file(let path) = input.source else { continue }
            let folder = PathParts.folder(of: names[index])
            let file = PathParts.name(of: path)
            names[index] = folder == "." ? file : folder + "/" + file
        }
        return zip(distinct, names).map { GIFInput(name: $1, source: $0.source) }
    }
}

/// A user's file that could not be indexed, with the one-line reason.
public struct RejectedInput: Sendable {
    public let input: GIFInput
    public let path: String
    public let reason: String
}

extension GIFInputs {
    /// Reads and indexes every user file once, so a file that is not a playable GIF is reported in one line instead
    /// of failing in every child. The parent only reads and indexes (within `rules`: regular files up to a size unless
    /// told otherwise); `deepCheck`, given a path, composites every frame in a child with a time limit. A pipe, FIFO
    /// or device the user allowed is read once and measured from a private copy in `scratch`.
    public static func partition(_ inputs: [GIFInput], limits: DecodeLimits = .default,
                                 rules: InputFileRules = InputFileRules(),
                                 scratch: PrivateDirectory? = nil, acceptsWebP: Bool = false,
                                 deepCheck: ((String) -> String?)? = nil) -> (playable: [GIFInput], rejected: [RejectedInput]) {
        var playable: [GIFInput] = [], rejected: [RejectedInput] = []
        for (index, input) in inputs.enumerated() {
            guard case .file(let path) = input.source else { playable.append(input); continue }
            do {
                let bytes = try GIFBytes(contentsOfFile: path, rules: rules)
                if !acceptsWebP, AnimationFormat(sniffing: bytes.buffer) == .webp { throw GIFError.webpNotPlayable }
                let container = try AnimationFile.open(bytes, limits: limits)
                if let gif = container as? GIFContainer { try Playability.checkStructure(gif, limits: limits) } else { try container.check(limits) }
                var measured = path
                if FileKind.of(path, followingLinks: true) != .regular {
                    guard let scratch else { throw GIFError.io(path: path, reason: "a special file needs a "
                                                                                   + "scratch directory") }
                    measured = scratch.path + "/input-\(index).\(container.format.rawValue)"
                    try AtomicFile.write(bytes.array, to: measured)
                }
                if let reason = deepCheck?(measured) { throw GIFError.io(path: path, reason: reason) }
                playable.append(GIFInput(name: input.name, source: .file(measured), facts: GIFFacts(container)))
            } catch let error as GIFError {
                let text = error.explained
                rejected.append(RejectedInput(input: input, path: path,
                                              reason: text.hasPrefix(path) ? text : "\(path): \(text)"))
            } catch {
                rejected.append(RejectedInput(input: input, path: path, reason: "\(path): \(error)"))
            }
        }
        return (playable, rejected)
    }
}
