package io.wireanalyze.workloads;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** Which part of a client run a recorded call belongs to, in the order they happen on the wire. */
public enum CallKind {
    /** The naming lookup (RMI registry {@code lookup}); recorded with seq -1. */
    LOOKUP,
    /** A call of the plan's method before the marker; not measured. */
    WARMUP,
    /** The marker call {@code wireanalyzeMark("measure")} separating warm-up from measured calls. */
    MARK,
    /** A measured call of the plan's method. */
    MEASURED;

    /** The name in result files: lower case, e.g. {@code measured}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<CallKind> fromLabel(String label) {
        return Arrays.stream(values()).filter(k -> k.label().equals(label)).findFirst();
    }
}
