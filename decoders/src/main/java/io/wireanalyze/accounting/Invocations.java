package io.wireanalyze.accounting;

import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.Role;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * Pairs application requests with their replies, per connection: a reply answers the request with its id,
 * or (JRMP) the oldest unanswered one. Invocations on a connection before its marker call are warm-up.
 */
final class Invocations {

    private final String marker;
    private final Map<Message, Ledger.Placed> placed;
    private final LongUnaryOperator nanosOfFrame;

    Invocations(String marker, Map<Message, Ledger.Placed> placed, LongUnaryOperator nanosOfFrame) {
        this.marker = marker;
        this.placed = placed;
        this.nanosOfFrame = nanosOfFrame;
    }

    List<AnalysisResult.InvocationRecord> build(List<Connection> connections) {
        List<AnalysisResult.InvocationRecord> all = new ArrayList<>();
        for (Connection c : connections) {
            List<Message[]> pairs = pairs(c);
            int lastMarker = -1;
            for (int i = 0; i < pairs.size(); i++) {
                if (marker != null && marker.equals(pairs.get(i)[0].info().method())) lastMarker = i;
            }
            for (int i = 0; i < pairs.size(); i++) {
                Message q = pairs.get(i)[0], r = pairs.get(i)[1];
                Ledger.Placed pq = placed.get(q), pr = r == null ? null : placed.get(r);
                if (pq.firstFrame == Long.MAX_VALUE) continue;   // no packet of the request was captured
                Long replyFrame = pr == null || pr.lastFrame == Long.MIN_VALUE ? null : pr.lastFrame;
                Double latency = replyFrame == null ? null : (nanosOfFrame.applyAsLong(replyFrame) - nanosOfFrame.applyAsLong(pq.firstFrame)) / 1e6;
                long packets = pq.packets + (pr == null ? 0 : pr.packets);
                long dataPackets = pq.dataPackets + (pr == null ? 0 : pr.dataPackets);
                Object exception = r == null ? null : r.info().extra().get("exception");
                all.add(new AnalysisResult.InvocationRecord(c.id, q.info().method(), pq.firstFrame, replyFrame, latency,
                        packets, dataPackets, packets - dataPackets, q.length(), r == null ? 0 : r.length(),
                        i < lastMarker, i == lastMarker, exception == null ? null : exception.toString()));
            }
        }
        all.sort(Comparator.comparingLong(AnalysisResult.InvocationRecord::requestFrame));
        return all;
    }

    /** Application requests of the connection with their replies (null when unanswered), in order. */
    private static List<Message[]> pairs(Connection c) {
        List<Message[]> out = new ArrayList<>();
        ArrayDeque<Message[]> open = new ArrayDeque<>();
        Map<Long, Message[]> byId = new HashMap<>();
        for (Message m : c.messages) {
            if (m.role() == Role.REQUEST) {
                Message[] pair = {m, null};
                if (m.phase() == Phase.INVOCATION) out.add(pair);
                if (m.requestId() >= 0) byId.put(m.requestId(), pair); else open.addLast(pair);
            } else if (m.role() == Role.REPLY) {
                Message[] pair = m.requestId() >= 0 ? byId.remove(m.requestId()) : open.pollFirst();
                if (pair != null) pair[1] = m;
            }
        }
        return out;
    }
}
