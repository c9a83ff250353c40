package io.wireanalyze.compare;

/**
 * The figures a comparison reports for every run and, over the repetitions, as {@link Stat}s: their JSON and CSV
 * keys and their labels, one schema for the table, the JSON and the CSV. Phases have two more per phase
 * ({@link PhaseFigure}).
 */
public enum Figure implements Measure.Of {
    SETUP_MS("setupTimeMs", "set-up time ms", Unit.MS),
    SETUP_PACKETS("setupPackets", "set-up packets", Unit.COUNT),
    INVOCATIONS("invocations", "measured invocations", Unit.COUNT),
    PACKETS_PER_INVOCATION("packetsPerInvocation", "packets per invocation", Unit.DECIMAL),
    DATA_PACKETS_PER_INVOCATION("dataPacketsPerInvocation", "data packets per invocation", Unit.DECIMAL),
    OVERHEAD_PACKETS_PER_INVOCATION("overheadPacketsPerInvocation", "overhead packets per invocation", Unit.DECIMAL),
    DATA_PACKET_RATIO("dataPacketRatio", "data / all invocation packets", Unit.RATIO),
    REQUEST_BYTES("requestBytesPerInvocation", "request bytes per invocation", Unit.DECIMAL),
    REPLY_BYTES("replyBytesPerInvocation", "reply bytes per invocation", Unit.DECIMAL),
    LATENCY_MEAN("latencyMsMean", "wire latency ms mean", Unit.MS),
    LATENCY_MEDIAN("latencyMsMedian", "wire latency ms median", Unit.MS),
    CLIENT_MS_PER_INVOCATION("clientMsPerInvocation", "client ms per invocation", Unit.MS),
    CALLS_MS("callsMs", "client ms for the measured calls", Unit.MS),
    PACKETS("packets", "packets in the capture", Unit.COUNT),
    DURATION_MS("durationMs", "capture ms", Unit.MS);

    /** How a value is written. */
    public enum Unit { COUNT, DECIMAL, MS, RATIO }

    private final Measure measure;

    Figure(String key, String label, Unit unit) {
        this.measure = new Measure(key, label, unit);
    }

    @Override
    public Measure measure() {
        return measure;
    }

    public static java.util.Optional<Figure> byKey(String key) {
        for (Figure f : values()) if (f.key().equals(key)) return java.util.Optional.of(f);
        return java.util.Optional.empty();
    }
}
