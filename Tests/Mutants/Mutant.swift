#if canImport(Glibc)
import Glibc
#endif

/// The switch of the mutation tree, never of the product: `Tests/Scripts/plant_mutants.py` copies the package into a
/// scratch tree, applies every patch of `Tests/Mutants` there (each one fault behind `Mutant.isPlanted("NAME")`), and
/// adds this module beside `knownMutants`, the list of their names it writes. `GIF_FRAME_BENCH_MUTANT=NAME` plants one
/// fault for a process and its children; unset, the tree behaves as the product.
public enum Mutant {
    /// The fault this process plants, read once from `GIF_FRAME_BENCH_MUTANT`; nil when none is.
    static let planted: String? = {
        guard let value = getenv("GIF_FRAME_BENCH_MUTANT") else { return nil }
        let name = String(cString: value)
        if name.isEmpty { return nil }
        guard knownMutants.contains(name) else {
            let known = knownMutants.sorted().joined(separator: ", ")
            fatalError("GIF_FRAME_BENCH_MUTANT=\(name) names no patch of Tests/Mutants; known: \(known)")
        }
        return name
    }()

    /// Whether the fault `name` (a patch's file name, without `.patch`) is planted in this process.
    public static func isPlanted(_ name: String) -> Bool { planted == name }
}
