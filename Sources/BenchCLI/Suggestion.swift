/// "Did you mean": the known word nearest a mistyped one, by edit distance, as clap suggests a flag.
public enum Suggestion {
    /// The word of `known` nearest `word`, when it is near enough to be a slip: at most 2 edits (1 for a word of 4
    /// characters or fewer), a swap of two neighbours counting as one.
    public static func nearest(to word: String, among known: some Sequence<String>) -> String? {
        let typed = Array(word)
        let allowed = typed.count <= 4 ? 1 : 2
        var best: (word: String, distance: Int)?
        for candidate in known where candidate != word {
            let distance = editDistance(typed, Array(candidate))
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.word
    }

    /// `; did you mean 'X'?`, or nothing.
    public static func phrase(for word: String, among known: some Sequence<String>) -> String {
        nearest(to: word, among: known).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }
}
