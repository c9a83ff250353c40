package io.wireanalyze.reproduce;

/**
 * A seed's finding "A is larger than B", what the paper gives for it, and the two of ours that test it.
 *
 * @param where   the figure, table or section that says it
 * @param setting where the paper measured it (a run in the other setting leaves it unmeasured and says why)
 */
record Finding(String claim, String where, ValueUnit unit, Paper paper, Quantity oursA, Quantity oursB, Setting setting) {

    /** What the paper says of A against B. */
    sealed interface Paper {
        /** Both numbers, e.g. 1034 against 219 ms. */
        record Pair(double a, double b) implements Paper {
        }

        /** Only how many times A is B, e.g. "web services are ~12.1 times slower than RMI". */
        record Factor(double factor) implements Paper {
        }

        /** Only the direction: the text says A exceeds B and gives no number (Gredler's graphs are images). */
        record Direction() implements Paper {
        }
    }

    Verdict verdict(double a, double b) {
        if (paper instanceof Paper.Pair p) return Verdict.of(p.a(), p.b(), a, b);
        if (paper instanceof Paper.Factor f) return Verdict.of(f.factor(), 1, a, b);
        return a > b ? Verdict.HOLDS : Verdict.REVERSED;
    }
}
