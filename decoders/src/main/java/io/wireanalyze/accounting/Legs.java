package io.wireanalyze.accounting;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the legs of relayed calls. Through an HTTP tunnel one call crosses several connections: the client's POST
 * (to a proxy, then from the proxy to the servlet) and the servlet's own connection to the RMI server. Each leg
 * decodes as an invocation of the same call (same target, operation, name and argument bytes) on another
 * connection, its request and reply inside the outer one's. The outermost is the client's call; the others are
 * its legs: left out of the invocation counts, their packets, bytes and time summed into the client's call.
 */
final class Legs {

    private Legs() {
    }

    static List<AnalysisResult.InvocationRecord> link(List<Invocations.Timed> calls, List<AnalysisResult.ConnectionStats> stats) {
        Map<Integer, AnalysisResult.ConnectionStats> byId = new HashMap<>();
        for (AnalysisResult.ConnectionStats c : stats) byId.put(c.id(), c);
        int n = calls.size();
        // In the order the requests were sent (capture time, not frame order: a capture may reorder frames).
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        java.util.Arrays.sort(order, java.util.Comparator.comparingLong(i -> calls.get(i).startNanos()));
        int[] root = new int[n];
        java.util.Arrays.fill(root, -1);
        // An enclosing call started earlier. Per call identity, the calls still open.
        Map<String, List<Integer>> open = new HashMap<>();
        for (int at = 0; at < n; at++) {
            int i = order[at];
            Invocations.Timed t = calls.get(i);
            List<Integer> candidates = open.computeIfAbsent(t.call(), k -> new ArrayList<>());
            candidates.removeIf(j -> calls.get(j).endNanos() < t.startNanos());   // answered before this one began
            if (t.endNanos() >= 0) {
                for (int j : candidates) {
                    Invocations.Timed outer = calls.get(j);
                    // Sent before the outer reply began (a relay forwards, then answers): a client's next call on a new
                    // connection, made while the last chunk of the previous reply was still to come, is not a leg.
                    if (outer.record().connection() != t.record().connection() && outer.endNanos() >= t.endNanos()
                            && t.startNanos() <= outer.replyStartNanos()) {
                        root[i] = root[j] >= 0 ? root[j] : j;
                        break;
                    }
                }
            }
            if (t.endNanos() >= 0 && root[i] < 0) candidates.add(i);
        }
        int[] legs = new int[n];
        long[] packets = new long[n], wire = new long[n];
        double[] ms = new double[n];
        for (int i = 0; i < n; i++) {
            if (root[i] < 0) continue;
            Invocations.Timed t = calls.get(i);
            AnalysisResult.ConnectionStats c = byId.get(t.record().connection());
            legs[root[i]]++;
            if (t.aloneOnItsConnection() && c != null) {
                packets[root[i]] += c.packets();
                wire[root[i]] += c.wireBytes();
                ms[root[i]] += c.durationMs();
            } else {
                packets[root[i]] += t.record().packets();
                wire[root[i]] += t.wireBytes();
                ms[root[i]] += (t.endNanos() - t.startNanos()) / 1e6;
            }
        }
        List<AnalysisResult.InvocationRecord> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            AnalysisResult.InvocationRecord r = calls.get(i).record();
            if (root[i] >= 0) r = r.withLegOf(calls.get(root[i]).record().requestFrame());
            else if (legs[i] > 0) r = r.withLegs(legs[i], packets[i], wire[i], ms[i]);
            out.add(r);
        }
        return out;
    }
}
