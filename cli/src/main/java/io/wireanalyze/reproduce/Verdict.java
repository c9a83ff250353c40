package io.wireanalyze.reproduce;

/**
 * What our figures say of a seed's finding "A is larger than B": it holds (A exceeds B by at least half the paper's
 * relative margin), it is weaker (A still exceeds B, by less), it is reversed (A does not exceed B), or it was not
 * measured (a protocol not built, a point not run).
 */
public enum Verdict {
    HOLDS("holds"),
    WEAKER("weaker"),
    REVERSED("reversed"),
    NOT_MEASURED("not measured");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }

    /** The margin is (a - b) / |b|; a zero b with a larger a is an infinite margin. */
    static Verdict of(double paperA, double paperB, double oursA, double oursB) {
        if (!(oursA > oursB)) return REVERSED;
        if (oursB == 0) return HOLDS;
        double paper = (paperA - paperB) / Math.abs(paperB);
        double ours = (oursA - oursB) / Math.abs(oursB);
        return ours >= paper / 2 ? HOLDS : WEAKER;
    }
}
