package io.wireanalyze.compare;

import java.nio.file.Path;
import java.util.Objects;

/** A finished run: its key, its kept capture and its figures. */
public record RunRecord(RunKey key, Path pcap, RunFigures figures) {
    public RunRecord {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(pcap, "pcap");
        Objects.requireNonNull(figures, "figures");
    }
}
