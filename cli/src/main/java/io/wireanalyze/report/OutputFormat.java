package io.wireanalyze.report;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How a report is written. The CLI takes the lower-case names ({@code --format csv}). */
public enum OutputFormat {
    /** Aligned text tables for a terminal. */
    TABLE,
    /** One CSV file per table, into a directory. */
    CSV,
    /** One JSON document per capture (an array when several). */
    JSON;

    /** The format named {@code name}, in any case. */
    public static OutputFormat parse(String name) {
        for (OutputFormat f : values()) {
            if (f.name().equalsIgnoreCase(name.strip())) return f;
        }
        throw new IllegalArgumentException("output format: " + name + " (expected: one of "
                + Arrays.stream(values()).map(OutputFormat::toString).collect(Collectors.joining(", ")) + ")");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
