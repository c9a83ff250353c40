package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult.InvocationRecord;

import java.util.List;
import java.util.function.ToLongFunction;

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
 * @param fragments       mean GIOP fragments
 * @param legs            invocations that were legs of another (relays of the same call), left out
 * @param framingBytes    mean bytes of an outer layer's framing (HTTP headers) per measured invocation; null when
 *                        none is layered
 * @param legsPer         mean legs per measured invocation; null when no call has legs, likewise below
 * @param legPackets      mean packets of the legs
 * @param legWireBytes    mean wire bytes of the legs
 * @param legMs           mean ms the legs took
 * @param valueBytes      mean bytes of the argument and return values apart from their markup (the text of SOAP
 *                        Bodies); null unless every measured invocation tells them apart
 * @param securityBytes   mean bytes of WS-Security header blocks; null where the protocol has none
 */
record InvocationStats(int measured, int warmup, int markers, int unanswered, Latency latencyMs, Double packets,
                       Double dataPackets, Double overheadPackets, Double requestBytes, Double replyBytes, Double fragments,
                       int legs, Double framingBytes, Double legsPer, Double legPackets, Double legWireBytes, Double legMs,
                       Double valueBytes, Double securityBytes) {

    /** Latency distribution; the median averages the two middle values, p95 is the nearest rank. */
    record Latency(double min, double median, double mean, double p95, double max) {
        static Latency of(double[] sorted) {
            int n = sorted.length;
            double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
            double sum = 0;
            for (double v : sorted) sum += v;
            int rank = (int) Math.ceil(0.95 * n);
            return new Latency(sorted[0], median, sum / n, sorted[Math.max(rank, 1) - 1], sorted[n - 1]);
        }
    }

    static InvocationStats of(List<InvocationRecord> all) {
        List<InvocationRecord> m = all.stream().filter(InvocationRecord::measured).toList();
        int legs = (int) all.stream().filter(i -> i.legOf() != null).count();
        boolean layered = m.stream().anyMatch(i -> i.framingBytes() != null);
        boolean relayed = m.stream().anyMatch(i -> i.legs() != null);
        int warmup = (int) all.stream().filter(i -> i.warmup() && i.legOf() == null).count();
        int markers = (int) all.stream().filter(i -> i.marker() && i.legOf() == null).count();
        double[] latencies = m.stream().filter(i -> i.latencyMs() != null).mapToDouble(InvocationRecord::latencyMs).sorted().toArray();
        Latency latency = latencies.length == 0 ? null : Latency.of(latencies);
        return new InvocationStats(m.size(), warmup, markers, m.size() - latencies.length, latency,
                mean(m, InvocationRecord::packets), mean(m, InvocationRecord::dataPackets),
                mean(m, InvocationRecord::overheadPackets), mean(m, InvocationRecord::requestBytes),
                mean(m, InvocationRecord::replyBytes), mean(m, InvocationRecord::fragments), legs,
                layered ? mean(m, i -> orZero(i.framingBytes())) : null,
                relayed ? mean(m, i -> i.legs() == null ? 0 : i.legs()) : null,
                relayed ? mean(m, i -> orZero(i.legPackets())) : null,
                relayed ? mean(m, i -> orZero(i.legWireBytes())) : null,
                relayed && !m.isEmpty() ? m.stream().mapToDouble(i -> i.legMs() == null ? 0 : i.legMs()).sum() / m.size() : null,
                !m.isEmpty() && m.stream().allMatch(i -> i.valueBytes() != null) ? mean(m, InvocationRecord::valueBytes) : null,
                !m.isEmpty() && m.stream().allMatch(i -> i.securityBytes() != null) ? mean(m, InvocationRecord::securityBytes) : null);
    }

    /** Request and reply bytes that are neither outer framing nor values: envelopes, tags, headers; null when values are unknown. */
    Double markupBytes() {
        if (valueBytes == null || requestBytes == null || replyBytes == null) return null;
        return requestBytes + replyBytes - (framingBytes == null ? 0 : framingBytes) - valueBytes;
    }

    private static long orZero(Long v) {
        return v == null ? 0 : v;
    }

    private static Double mean(List<InvocationRecord> m, ToLongFunction<InvocationRecord> f) {
        return m.isEmpty() ? null : m.stream().mapToLong(f).sum() / (double) m.size();
    }
}
