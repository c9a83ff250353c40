package io.wireanalyze.compare;

/** The two figures a comparison reports per phase; the key is the single-capture JSON's under {@code phases.<phase>}. */
public enum PhaseFigure implements Measure.Of {
    PACKETS("packets", "packets", Figure.Unit.COUNT),
    ELAPSED_MS("elapsedMs", "elapsed ms", Figure.Unit.MS);

    private final Measure measure;

    PhaseFigure(String key, String label, Figure.Unit unit) {
        this.measure = new Measure(key, label, unit);
    }

    @Override
    public Measure measure() {
        return measure;
    }
}
