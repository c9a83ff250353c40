package io.wireanalyze.workloads;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.Locale;
import java.util.Optional;

/**
 * A client's records, collected in memory while it calls (the file is written afterwards so disk I/O does
 * not sit between calls). Numbers the calls: the lookup is seq -1, every later call the next seq from 0.
 */
public final class CallLog {
    private final int client;
    private final long anchorNanos;
    private final long anchorEpochMicros;
    private final List<CallRecord> records = new ArrayList<>();
    private int nextSeq;

    /** Anchors nanoTime to the wall clock now, once, so every record's epoch time is consistent. */
    public CallLog(int client) {
        this.client = client;
        Instant now = Instant.now();
        this.anchorNanos = System.nanoTime();
        this.anchorEpochMicros = ChronoUnit.MICROS.between(Instant.EPOCH, now);
    }

    /** Records a call that started at {@code startNanos} and returned at {@code endNanos} (System.nanoTime). */
    public void add(CallKind kind, String method, long startNanos, long endNanos, Optional<String> result) {
        int seq = kind == CallKind.LOOKUP ? -1 : nextSeq++;
        long epochMicros = anchorEpochMicros + (startNanos - anchorNanos) / 1_000;
        records.add(new CallRecord(client, seq, kind, method, startNanos, endNanos - startNanos, epochMicros, result));
    }

    public List<CallRecord> records() {
        return List.copyOf(records);
    }

    /** One line, e.g. {@code 5 measured sendInts calls: mean 412.3 us, min 300.1 us, max 600.0 us; 2 warm-up; lookup 12.3 ms}. */
    public String summary() {
        LongSummaryStatistics measured = stats(CallKind.MEASURED);
        String method = records.stream().filter(r -> r.kind() == CallKind.MEASURED).map(CallRecord::method)
                .findFirst().orElse("no");
        String calls = measured.getCount() == 0
                ? "0 measured calls"
                : String.format(Locale.ROOT, "%d measured %s calls: mean %.1f us, min %.1f us, max %.1f us",
                        measured.getCount(), method, measured.getAverage() / 1e3, measured.getMin() / 1e3,
                        measured.getMax() / 1e3);
        LongSummaryStatistics lookup = stats(CallKind.LOOKUP);
        return String.format(Locale.ROOT, "%s; %d warm-up; lookup %.1f ms", calls,
                stats(CallKind.WARMUP).getCount(), lookup.getCount() == 0 ? 0.0 : lookup.getMax() / 1e6);
    }

    private LongSummaryStatistics stats(CallKind kind) {
        return records.stream().filter(r -> r.kind() == kind).mapToLong(CallRecord::elapsedNanos).summaryStatistics();
    }
}
