package io.wireanalyze.accounting;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Consumer;

/**
 * Finds the legs of relayed calls. Through an HTTP tunnel one call crosses several connections: the client's POST
 * (to a proxy, then from the proxy to the servlet) and the servlet's own connection to the RMI server. Each leg
 * decodes as an invocation of the same call (same target, operation, name and argument bytes) on another
 * connection, its request and reply inside the outer one's. The outermost is the client's call; the others are
 * its legs: left out of the invocation counts, their packets, bytes and time summed into the client's call. A leg
 * is made by the host the outer call went to (a proxy, a servlet), so its client is the outer call's server host:
 * two clients making the same call at the same time are not each other's legs.
 *
 * <p>Calls come in the order their requests were sent ({@link #ORDER}). A call can be a leg of a call still open
 * (answered, and its reply not begun before this one was sent), so only those are held: once the calls reach past
 * the start of a call's reply, no later one can be its leg and it goes out with its legs' sums.
 */
final class Legs {

    /** When the requests were sent (capture time, not frame order: a capture may reorder frames), then frame order. */
    static final Spill.Key<PendingInvocation> KEY = Spill.Key.of(PendingInvocation::startNanos, p -> p.record().requestFrame(),
            PendingInvocation::seq);
    static final Comparator<PendingInvocation> ORDER = KEY.comparator();

    /** Frame order, as the report lists invocations. */
    static final Comparator<PendingInvocation> FRAME_ORDER = Comparator.<PendingInvocation>comparingLong(p -> p.record().requestFrame())
            .thenComparingLong(PendingInvocation::seq);

    private static final class Open {
        final PendingInvocation call;
        final List<PendingInvocation> legs = new ArrayList<>();

        Open(PendingInvocation call) {
            this.call = call;
        }
    }

    private final Consumer<PendingInvocation> out;
    /** Per call identity, the answered calls still open, in the order they were sent. */
    private final Map<String, List<Open>> open = new HashMap<>();
    private final PriorityQueue<Open> byReplyStart = new PriorityQueue<>(Comparator.comparingLong(o -> o.call.replyStartNanos()));

    /** @param out receives every call, its legs linked, in no particular order */
    Legs(Consumer<PendingInvocation> out) {
        this.out = out;
    }

    /** The next call in {@link #ORDER}. */
    void accept(PendingInvocation t) {
        while (!byReplyStart.isEmpty() && byReplyStart.peek().call.replyStartNanos() < t.startNanos()) settle(byReplyStart.poll());
        List<Open> candidates = open.get(t.call());
        Open outer = null;
        if (candidates != null && t.endNanos() >= 0) {
            for (Open o : candidates) {
                PendingInvocation j = o.call;
                // Sent before the outer reply began (a relay forwards, then answers): a client's next call on a new
                // connection, made while the last chunk of the previous reply was still to come, is not a leg.
                if (j.record().connection() != t.record().connection() && j.serverHost().equals(t.clientHost())
                        && j.endNanos() >= t.endNanos()
                        && j.endNanos() >= t.startNanos() && t.startNanos() <= j.replyStartNanos()) {
                    outer = o;
                    break;
                }
            }
        }
        if (outer != null) {
            outer.legs.add(t);
            out.accept(with(t, t.record().withLegOf(outer.call.record().requestFrame())));
        } else if (t.endNanos() >= 0) {
            Open o = new Open(t);
            open.computeIfAbsent(t.call(), k -> new ArrayList<>()).add(o);
            byReplyStart.add(o);
        } else {
            out.accept(t);
        }
    }

    /** No more calls: the open ones go out. */
    void finish() {
        while (!byReplyStart.isEmpty()) settle(byReplyStart.poll());
    }

    private void settle(Open o) {
        List<Open> same = open.get(o.call.call());
        same.remove(o);
        if (same.isEmpty()) open.remove(o.call.call());
        if (o.legs.isEmpty()) {
            out.accept(o.call);
            return;
        }
        o.legs.sort(FRAME_ORDER);   // summed in frame order, as every run sums them
        long packets = 0, wire = 0;
        double ms = 0;
        for (PendingInvocation t : o.legs) {
            if (t.aloneOnItsConnection()) {
                packets += t.connectionPackets();
                wire += t.connectionWireBytes();
                ms += t.connectionMs();
            } else {
                packets += t.record().packets();
                wire += t.wireBytes();
                ms += (t.endNanos() - t.startNanos()) / 1e6;
            }
        }
        out.accept(with(o.call, o.call.record().withLegs(o.legs.size(), packets, wire, ms)));
    }

    private static PendingInvocation with(PendingInvocation p, AnalysisResult.InvocationRecord r) {
        return new PendingInvocation(r, p.seq(), p.warmup(), p.requestFirstNanos(), p.call(), p.startNanos(), p.replyStartNanos(), p.endNanos(), p.wireBytes(), p.aloneOnItsConnection(),
                p.connectionPackets(), p.connectionWireBytes(), p.connectionMs(), p.clientHost(), p.serverHost(), p.wants(), p.stamp());
    }
}
