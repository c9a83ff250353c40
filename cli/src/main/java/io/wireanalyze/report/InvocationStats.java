package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult.InvocationRecord;

import java.util.DoubleSummaryStatistics;

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
        boolean layered = false, relayed = false, allValues = true, allSecurity = true;
        long packets = 0, dataPackets = 0, overhead = 0, requestBytes = 0, replyBytes = 0, fragments = 0, framing = 0;
        long legCount = 0, legPackets = 0, legWire = 0, values = 0, security = 0;
        DoubleSummaryStatistics legMs = new DoubleSummaryStatistics();   // summed as a stream sums
        LatencyDigest latencies = new LatencyDigest();
        for (InvocationRecord i : all) {
            if (i.legOf() != null) legs++;
            if (i.warmup() && i.legOf() == null) warmup++;
            if (i.marker() && i.legOf() == null) markers++;
            if (!i.measured()) continue;
            measured++;
            layered |= i.framingBytes() != null;
            relayed |= i.legs() != null;
            if (i.latencyMs() != null) latencies.add(i.latencyMs());
            packets += i.packets();
            dataPackets += i.dataPackets();
            overhead += i.overheadPackets();
            requestBytes += i.requestBytes();
            replyBytes += i.replyBytes();
            fragments += i.fragments();
            framing += orZero(i.framingBytes());
            legCount += i.legs() == null ? 0 : i.legs();
            legPackets += orZero(i.legPackets());
            legWire += orZero(i.legWireBytes());
            legMs.accept(i.legMs() == null ? 0 : i.legMs());
            if (i.valueBytes() == null) allValues = false; else values += i.valueBytes();
            if (i.securityBytes() == null) allSecurity = false; else security += i.securityBytes();
        }
        int m = measured;
        return new InvocationStats(m, warmup, markers, m - latencies.count(), latencies.latency(),
                mean(packets, m), mean(dataPackets, m), mean(overhead, m), mean(requestBytes, m), mean(replyBytes, m),
                mean(fragments, m), legs, layered ? mean(framing, m) : null, relayed ? mean(legCount, m) : null,
                relayed ? mean(legPackets, m) : null, relayed ? mean(legWire, m) : null,
                relayed && m > 0 ? legMs.getSum() / m : null, m > 0 && allValues ? mean(values, m) : null,
                m > 0 && allSecurity ? mean(security, m) : null);
    }

    /** Request and reply bytes that are neither outer framing nor values: envelopes, tags, headers; null when values are unknown. */
    Double markupBytes() {
        if (valueBytes == null || requestBytes == null || replyBytes == null) return null;
        return requestBytes + replyBytes - (framingBytes == null ? 0 : framingBytes) - valueBytes;
    }

    private static long orZero(Long v) {
        return v == null ? 0 : v;
    }

    private static Double mean(long sum, int n) {
        return n == 0 ? null : sum / (double) n;
    }
}
