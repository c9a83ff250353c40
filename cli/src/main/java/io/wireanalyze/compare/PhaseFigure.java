package io.wireanalyze.compare;

/** The two figures a comparison reports per phase. */
public enum PhaseFigure {
    PACKETS("packets", "packets", Figure.Unit.COUNT),
    ELAPSED_MS("elapsedMs", "elapsed ms", Figure.Unit.MS);

    private final String key;
    private final String label;
    private final Figure.Unit unit;

    PhaseFigure(String key, String label, Figure.Unit unit) {
        this.key = key;
        this.label = label;
        this.unit = unit;
    }

    /** The single-capture JSON's key for it under {@code phases.<phase>}. */
    public String key() {
        return key;
    }

    public String label() {
        return label;
    }

    public Figure.Unit unit() {
        return unit;
    }
}
