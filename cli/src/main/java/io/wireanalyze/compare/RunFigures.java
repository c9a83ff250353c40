package io.wireanalyze.compare;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.AnalysisResult.InvocationRecord;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.workloads.CallKind;
import io.wireanalyze.workloads.CallRecord;
import io.wireanalyze.workloads.ClientResult;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The figures of one run: from its capture's accounting (measured invocations only: warm-up and marker calls left
 * out, as the seeds left out their first calls) and from its clients' own clocks. A figure that does not exist
 * (no invocation to divide by) is absent.
 */
public record RunFigures(Map<Figure, Double> values, Map<Phase, Map<PhaseFigure, Double>> phases) {

    public RunFigures {
        Map<Figure, Double> f = new EnumMap<>(Figure.class);
        f.putAll(values);
        values = Collections.unmodifiableMap(f);
        Map<Phase, Map<PhaseFigure, Double>> p = new EnumMap<>(Phase.class);
        phases.forEach((k, v) -> {
            Map<PhaseFigure, Double> copy = new EnumMap<>(PhaseFigure.class);
            copy.putAll(v);
            p.put(k, Collections.unmodifiableMap(copy));
        });
        phases = Collections.unmodifiableMap(p);
    }

    public Double get(Figure f) {
        return values.get(f);
    }

    public Double get(Phase p, PhaseFigure f) {
        Map<PhaseFigure, Double> m = phases.get(p);
        return m == null ? null : m.get(f);
    }

    public static RunFigures of(AnalysisResult r, ClientResult clients) {
        Map<Figure, Double> v = new EnumMap<>(Figure.class);
        AnalysisResult.Summary s = r.summary();
        put(v, Figure.SETUP_MS, s.setupTimeMs());
        if (s.setupTimeMs() != null) v.put(Figure.SETUP_PACKETS, (double) s.setupPackets());
        v.put(Figure.INVOCATIONS, (double) s.invocations());
        List<InvocationRecord> m = r.invocations().stream().filter(InvocationRecord::measured).toList();
        put(v, Figure.PACKETS_PER_INVOCATION, mean(m, InvocationRecord::packets));
        put(v, Figure.DATA_PACKETS_PER_INVOCATION, mean(m, InvocationRecord::dataPackets));
        put(v, Figure.OVERHEAD_PACKETS_PER_INVOCATION, s.overheadPacketsPerInvocation());
        put(v, Figure.DATA_PACKET_RATIO, s.dataPacketRatio());
        put(v, Figure.REQUEST_BYTES, mean(m, InvocationRecord::requestBytes));
        put(v, Figure.REPLY_BYTES, mean(m, InvocationRecord::replyBytes));
        double[] latencies = m.stream().filter(i -> i.latencyMs() != null).mapToDouble(InvocationRecord::latencyMs).sorted().toArray();
        if (latencies.length > 0) {
            v.put(Figure.LATENCY_MEAN, java.util.Arrays.stream(latencies).average().orElseThrow());
            int n = latencies.length;
            v.put(Figure.LATENCY_MEDIAN, n % 2 == 1 ? latencies[n / 2] : (latencies[n / 2 - 1] + latencies[n / 2]) / 2);
        }
        List<CallRecord> calls = clients.calls(CallKind.MEASURED);
        if (!calls.isEmpty()) {
            double totalMs = calls.stream().mapToLong(CallRecord::elapsedNanos).sum() / 1e6;
            long clientCount = calls.stream().mapToInt(CallRecord::client).distinct().count();
            v.put(Figure.CLIENT_MS_PER_INVOCATION, totalMs / calls.size());
            v.put(Figure.CALLS_MS, totalMs / clientCount);
        }
        v.put(Figure.PACKETS, (double) s.packets());
        v.put(Figure.DURATION_MS, r.capture().durationMs());
        Map<Phase, Map<PhaseFigure, Double>> phases = new EnumMap<>(Phase.class);
        for (Phase p : Phase.values()) {
            AnalysisResult.PhaseStats ps = r.phase(p);
            Map<PhaseFigure, Double> pf = new EnumMap<>(PhaseFigure.class);
            pf.put(PhaseFigure.PACKETS, (double) ps.packets());
            pf.put(PhaseFigure.ELAPSED_MS, ps.elapsedMs());
            phases.put(p, pf);
        }
        return new RunFigures(v, phases);
    }

    private static void put(Map<Figure, Double> v, Figure f, Double value) {
        if (value != null) v.put(f, value);
    }

    private static Double mean(List<InvocationRecord> m, ToLongFunction<InvocationRecord> f) {
        return m.isEmpty() ? null : m.stream().mapToLong(f).sum() / (double) m.size();
    }
}
