package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult.InvocationRecord;

import io.wireanalyze.protocol.ByteCount;
import io.wireanalyze.protocols.ProtocolTable;

import java.util.Collections;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Figures over the measured invocations of a capture (warm-up and marker calls counted, then left out).
 *
 * @param measured        invocations neither warm-up nor marker
 * @param warmup          warm-up invocations
 * @param markers         marker invocations
 * @param unanswered      measured invocations without a captured reply (no latency)
 * @param latencyMs       latency over the answered measured invocations; null without any
 * @param packets         mean packets per measured invocation (null without any), likewise below
 * @param dataPackets     mean data packets
 * @param overheadPackets mean overhead packets
 * @param requestBytes    mean request bytes
 * @param replyBytes      mean reply bytes
 * @param fragments       mean fragment messages (continuations of a request or reply: GIOP Fragment)
 * @param legs            invocations that were legs of another (relays of the same call), left out
 * @param legsPer         mean legs per measured invocation; null when no call has legs, likewise below
 * @param legPackets      mean packets of the legs
 * @param legWireBytes    mean wire bytes of the legs
 * @param legMs           mean ms the legs took
 * @param counts          the byte counts of the protocol table ({@link ProtocolTable#COUNTS}, in its order), each
 *                        with its mean per measured invocation, for those the measured invocations have: one that
 *                        absence means none of ({@link ByteCount.Sum#ABSENT_IS_NONE}: the outer framing) when any has it,
 *                        counted as 0 where absent; one that absence means unknown of (the values apart from their
 *                        markup) when every one has it
 */
record InvocationStats(int measured, int warmup, int markers, int unanswered, Latency latencyMs, Double packets,
                       Double dataPackets, Double overheadPackets, Double requestBytes, Double replyBytes, Double fragments,
                       int legs, Double legsPer, Double legPackets, Double legWireBytes, Double legMs,
                       Map<ByteCount, Double> counts) {

    /**
     * Latency distribution; the median averages the two middle values, p95 is the nearest rank.
     *
     * @param approximate the median and p95 come from a histogram (more than {@link LatencyDigest#EXACT} values)
     */
    record Latency(double min, double median, double mean, double p95, double max, boolean approximate) {
    }

    /** One pass over the invocations (they may be read from disk), in bounded memory. */
    static InvocationStats of(Iterable<InvocationRecord> all) {
        int measured = 0, legs = 0, warmup = 0, markers = 0;
        boolean relayed = false;
        long packets = 0, dataPackets = 0, overhead = 0, requestBytes = 0, replyBytes = 0, fragments = 0;
        long legCount = 0, legPackets = 0, legWire = 0;
        List<ByteCount> kinds = ProtocolTable.COUNTS;
        long[] countSums = new long[kinds.size()];
        int[] having = new int[kinds.size()];
        DoubleSummaryStatistics legMs = new DoubleSummaryStatistics();   // summed as a stream sums
        LatencyDigest latencies = new LatencyDigest();
        for (InvocationRecord i : all) {
            if (i.legOf() != null) legs++;
            if (i.warmup() && i.legOf() == null) warmup++;
            if (i.marker() && i.legOf() == null) markers++;
            if (!i.measured()) continue;
            measured++;
            relayed |= i.legs() != null;
            if (i.latencyMs() != null) latencies.add(i.latencyMs());
            packets += i.packets();
            dataPackets += i.dataPackets();
            overhead += i.overheadPackets();
            requestBytes += i.requestBytes();
            replyBytes += i.replyBytes();
            fragments += i.fragments();
            legCount += i.legs() == null ? 0 : i.legs();
            legPackets += orZero(i.legPackets());
            legWire += orZero(i.legWireBytes());
            legMs.accept(i.legMs() == null ? 0 : i.legMs());
            for (int k = 0; k < kinds.size(); k++) {
                Long n = i.count(kinds.get(k));
                if (n == null) continue;
                countSums[k] += n;
                having[k]++;
            }
        }
        int m = measured;
        Map<ByteCount, Double> counts = new LinkedHashMap<>();
        for (int k = 0; k < kinds.size(); k++) {
            boolean known = switch (kinds.get(k).sum()) {
                case ABSENT_IS_NONE -> having[k] > 0;
                case ABSENT_IS_UNKNOWN -> m > 0 && having[k] == m;
            };
            if (known) counts.put(kinds.get(k), mean(countSums[k], m));
        }
        return new InvocationStats(m, warmup, markers, m - latencies.count(), latencies.latency(),
                mean(packets, m), mean(dataPackets, m), mean(overhead, m), mean(requestBytes, m), mean(replyBytes, m),
                mean(fragments, m), legs, relayed ? mean(legCount, m) : null,
                relayed ? mean(legPackets, m) : null, relayed ? mean(legWire, m) : null,
                relayed && m > 0 ? legMs.getSum() / m : null, Collections.unmodifiableMap(counts));
    }

    /** The mean bytes of {@code count} per measured invocation, or null (see {@link #counts}). */
    Double count(ByteCount count) {
        return counts.get(count);
    }

    /** Request and reply bytes inside an outer layer's framing; null when none is layered. */
    Double innerBytes() {
        Double framing = count(ByteCount.FRAMING);
        if (framing == null || requestBytes == null || replyBytes == null) return null;
        return requestBytes + replyBytes - framing;
    }

    /** Request and reply bytes that are neither outer framing nor values: envelopes, tags, headers; null when values are unknown. */
    Double markupBytes() {
        Double values = count(ByteCount.VALUES), framing = count(ByteCount.FRAMING);
        if (values == null || requestBytes == null || replyBytes == null) return null;
        return requestBytes + replyBytes - (framing == null ? 0 : framing) - values;
    }

    private static long orZero(Long v) {
        return v == null ? 0 : v;
    }

    private static Double mean(long sum, int n) {
        return n == 0 ? null : sum / (double) n;
    }
}
