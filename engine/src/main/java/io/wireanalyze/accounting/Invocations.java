package io.wireanalyze.accounting;

import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.ByteCount;
import io.wireanalyze.protocol.Details;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.tcp.Direction;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pairs application requests with their replies, per connection: a reply answers the request with its id,
 * or (JRMP) the oldest unanswered one. Invocations on a connection before its marker call are warm-up; on a connection
 * without a marker, those sent before the capture's first marker (decided when the capture ends).
 */
final class Invocations {

    private final String marker;
    private final Ledger.Placed placed;

    Invocations(String marker, Ledger.Placed placed) {
        this.marker = marker;
        this.placed = placed;
    }

    /**
     * A request, its reply (null when unanswered), and the fragments that continued either; with each one's index in
     * {@link Connection#messages}, where {@link Ledger.Placed} has what its packets said.
     */
    private static final class Exchange {
        final Message request;
        final int requestAt;
        Message reply;
        int replyAt = -1;
        int[] fragments = NONE;
        int fragmentCount;

        Exchange(Message request, int requestAt) {
            this.request = request;
            this.requestAt = requestAt;
        }

        void fragment(int at) {
            fragments = append(fragments, fragmentCount++, at);
        }
    }

    private static final int[] NONE = {};

    /** {@code at} with {@code value} set at {@code size}, grown (doubled, at least 4) when full: a list of indices, unboxed. */
    private static int[] append(int[] at, int size, int value) {
        if (size == at.length) at = Arrays.copyOf(at, Math.max(4, 2 * size));
        at[size] = value;
        return at;
    }

    /**
     * The byte counts an exchange's messages declare ({@link Details#counts}), added up as each count says
     * ({@link ByteCount.Sum}): key to bytes, only the counts the invocation has.
     */
    private static Map<String, Long> counts(Sums request, Sums replies) {
        if (request.counts == null && replies.counts == null) return Map.of();
        int messages = request.messages + replies.messages;
        Map<ByteCount, long[]> all = new LinkedHashMap<>();
        for (Sums side : List.of(request, replies)) {
            if (side.counts != null) side.counts.forEach((c, sd) -> {
                long[] a = all.computeIfAbsent(c, k -> new long[2]);
                a[0] += sd[0];
                a[1] += sd[1];
            });
        }
        Map<String, Long> out = new LinkedHashMap<>();
        all.forEach((c, a) -> {
            boolean known = switch (c.sum()) {
                case ABSENT_IS_NONE -> a[0] > 0;
                case ABSENT_IS_UNKNOWN -> a[1] == messages;
            };
            if (known) out.put(c.key(), a[0]);
        });
        return out.isEmpty() ? Map.of() : out;
    }

    /** What the messages of one side of an exchange (the request and its fragments, or the reply and its) add up to. */
    private static final class Sums implements Details.CountSink {
        long packets, dataPackets, wire, bytes, dataBytes;
        long firstNanos = Long.MAX_VALUE, lastNanos = Long.MIN_VALUE, lastFrame = Long.MIN_VALUE;
        /** The capture time of {@link #lastFrame}. */
        long lastFrameNanos;
        int messages;
        /** Per count: its bytes, and how many of the messages declared it; null until one declares one (JRMP and GIOP never do). */
        Map<ByteCount, long[]> counts;

        void add(Message m, Ledger.Placed pl, int at) {
            messages++;
            m.info().details().counts(this);
            packets += pl.packets(at);
            dataPackets += pl.dataPackets(at);
            wire += pl.wireBytes(at);
            bytes += m.length();
            dataBytes += m.dataLength();
            firstNanos = Math.min(firstNanos, pl.firstNanos(at));
            lastNanos = Math.max(lastNanos, pl.lastNanos(at));
            if (pl.lastFrame(at) > lastFrame) {
                lastFrame = pl.lastFrame(at);
                lastFrameNanos = pl.lastFrameNanos(at);
            }
        }

        @Override
        public void count(ByteCount count, long n) {
            if (counts == null) counts = new LinkedHashMap<>();
            long[] a = counts.computeIfAbsent(count, k -> new long[2]);
            a[0] += n;
            a[1]++;
        }
    }

    /**
     * The invocations of one accounted connection, in request-frame order. Its marker calls tell {@code totals}
     * when the capture's first marker was sent: a connection without a marker of its own (a client that opens a
     * connection a call, as Hessian's does when its replies are streamed) has its calls before it as warm-up, which
     * is decided once every connection is in ({@link PendingInvocation#warmup()} null until then).
     */
    List<PendingInvocation> build(Connection c, AnalysisResult.ConnectionStats stats, Totals totals) {
        List<PendingInvocation> out = new ArrayList<>();
        List<Exchange> exchanges = exchanges(c);
        int lastMarker = -1;
        for (int i = 0; i < exchanges.size(); i++) {
            Exchange e = exchanges.get(i);
            if (!isMarker(e.request.info())) continue;
            lastMarker = i;
            if (placed.seen(e.requestAt)) totals.marker(placed.firstNanos(e.requestAt));
        }
        boolean alone = requests(c) == 1;
        for (int i = 0; i < exchanges.size(); i++) {
            Exchange e = exchanges.get(i);
            if (!placed.seen(e.requestAt)) continue;   // no packet of the request was captured
            long requestFrame = placed.firstFrame(e.requestAt), requestNanos = placed.firstNanos(e.requestAt);
            Sums request = new Sums(), replies = new Sums();
            request.add(e.request, placed, e.requestAt);
            if (e.reply != null) replies.add(e.reply, placed, e.replyAt);
            for (int f = 0; f < e.fragmentCount; f++) {
                Message m = c.messages.get(e.fragments[f]);
                (m.direction() == e.request.direction() ? request : replies).add(m, placed, e.fragments[f]);
            }
            long packets = request.packets + replies.packets, dataPackets = request.dataPackets + replies.dataPackets;
            long replyFrame = replies.lastFrame;
            Long reply = e.reply == null || replyFrame == Long.MIN_VALUE ? null : replyFrame;
            Double latency = reply == null ? null : (replies.lastFrameNanos - placed.firstFrameNanos(e.requestAt)) / 1e6;
            String exception = e.reply == null ? null : e.reply.info().details().exception();
            Boolean warmup = lastMarker >= 0 ? i < lastMarker : null;
            var record = new AnalysisResult.InvocationRecord(c.id, e.request.info().method(), requestFrame, reply, latency,
                    packets, dataPackets, packets - dataPackets, request.bytes, replies.bytes,
                    warmup != null && warmup, i == lastMarker, exception, e.fragmentCount,
                    null, null, null, null, null, e.request.info().operation(), counts(request, replies));
            totals.call(requestFrame, placed.firstFrameIndex(e.requestAt), placed.firstFrameNanos(e.requestAt));
            // Legs nest in time, whatever order the capture holds their frames in.
            out.add(new PendingInvocation(record, (long) c.id << 32 | i, warmup, requestNanos,
                    call(e.request, request.dataBytes), request.firstNanos, replies.firstNanos,
                    reply == null ? -1 : replies.lastNanos, request.wire + replies.wire, alone,
                    stats.packets(), stats.wireBytes(), stats.durationMs(), c.client().address(), c.server().address(),
                    e.request.info().details().wants(), c.stamp(e.requestAt)));
        }
        return out;
    }

    /**
     * The invocations of every connection: {@code pending} in the order their requests were sent ({@link Legs#ORDER}),
     * their warm-up decided by the capture's first marker and their legs linked; into {@code out}, which sorts them in
     * frame order.
     */
    static Final settle(List<PendingInvocation> pending, Totals totals, Settlement facts,
                        Spill<Codecs.Keyed<AnalysisResult.InvocationRecord>> out) {
        long firstMarker = totals.firstMarkerNanos;
        int[] measured = new int[1];
        long[] packets = new long[2];   // data, overhead
        Legs legs = new Legs(p -> {
            AnalysisResult.InvocationRecord r = p.record();
            boolean warmup = p.warmup() != null ? p.warmup() : firstMarker != Long.MAX_VALUE && p.requestFirstNanos() < firstMarker;
            if (warmup != r.warmup()) r = r.withWarmup(warmup);
            if (r.measured()) {
                measured[0]++;
                packets[0] += r.dataPackets();
                packets[1] += r.overheadPackets();
            }
            out.add(new Codecs.Keyed<>(p.seq(), r));
        });
        for (PendingInvocation p : pending) legs.accept(p.settled(facts));
        legs.finish();
        Spill.close(pending);   // read once: its files go now
        return new Final(Spill.values(out.sorted()), measured[0], packets[0], packets[1]);
    }

    /** Every invocation in frame order, with the measured ones' figures. */
    record Final(List<AnalysisResult.InvocationRecord> records, int measured, long dataPackets, long overheadPackets) {
    }

    /**
     * Whether a call is the marker: its operation's plain name is the marker's, however its protocol qualifies the
     * method (the decoder tells the operation apart: {@link MessageInfo#operation()}).
     */
    private boolean isMarker(MessageInfo call) {
        return marker != null && marker.equals(call.operation());
    }

    /** What makes two legs the same call: target, operation, name, the protocol's columns and argument bytes. */
    private static String call(Message request, long argumentBytes) {
        MessageInfo i = request.info();
        StringBuilder b = new StringBuilder().append(i.method()).append('|').append(i.objId()).append('|').append(i.hash())
                .append('|').append(i.name()).append('|').append(argumentBytes);
        i.details().columns((k, v) -> b.append('|').append(k).append('=').append(v));
        return b.toString();
    }

    /** The connection's requests (a loop: a stream's pipeline, made for each connection, is slow in C1's code). */
    private static long requests(Connection c) {
        long n = 0;
        for (int i = 0; i < c.messages.size(); i++) if (c.messages.get(i).role() == Role.REQUEST) n++;
        return n;
    }

    /**
     * Application requests of the connection with their replies and fragments, in order. A reply pairs with the
     * request of its id; without ids (JRMP, one call at a time on a connection) with the latest request the replier
     * had wholly received when it began to reply, by the acknowledgement number of the reply's first packet: a
     * capture's reordering or a hole that delays decoding cannot pair a reply with the wrong call, and a reply to a
     * call the capture lost pairs with nothing.
     */
    private List<Exchange> exchanges(Connection c) {
        List<Exchange> out = new ArrayList<>();
        Map<Long, Exchange> unanswered = new HashMap<>();
        Map<Long, Exchange> latest = new HashMap<>();   // by request id, kept after the reply: reply fragments follow it
        Map<Long, Integer> early = new HashMap<>();      // replies that came before their request was complete (HTTP)
        List<List<Exchange>> byOrder = List.of(new ArrayList<>(), new ArrayList<>());   // requests without ids, per direction
        int[][] repliesByOrder = {NONE, NONE};   // replies without ids, per direction, the first repliesCount[d]
        int[] repliesCount = new int[2];
        for (int at = 0; at < c.messages.size(); at++) {
            Message m = c.messages.get(at);
            switch (m.role()) {
                case REQUEST -> {
                    Exchange e = new Exchange(m, at);
                    if (m.phase() == Phase.INVOCATION) out.add(e);
                    if (m.requestId() >= 0 && early.containsKey(m.requestId())) {
                        e.replyAt = early.remove(m.requestId());
                        e.reply = c.messages.get(e.replyAt);
                        latest.put(m.requestId(), e);
                    } else if (m.requestId() >= 0) {
                        unanswered.put(m.requestId(), e);
                        latest.put(m.requestId(), e);
                    } else {
                        byOrder.get(m.direction().ordinal()).add(e);
                    }
                }
                case REPLY -> {
                    if (m.requestId() < 0) {
                        int d = m.direction().ordinal();
                        repliesByOrder[d] = append(repliesByOrder[d], repliesCount[d]++, at);
                        continue;
                    }
                    Exchange e = unanswered.remove(m.requestId());
                    if (e != null) {
                        e.reply = m;
                        e.replyAt = at;
                    } else if (!latest.containsKey(m.requestId()) && early.size() < 4096) {
                        early.put(m.requestId(), at);
                    }
                }
                case CONTINUATION -> {
                    Exchange e = latest.get(m.requestId());
                    if (e != null) e.fragment(at);
                }
                case NONE -> { }
            }
        }
        for (Direction d : Direction.values()) {
            pairByAcknowledgement(c, byOrder.get(d.reverse().ordinal()), repliesByOrder[d.ordinal()], repliesCount[d.ordinal()]);
        }
        return out;
    }

    /**
     * Pairs replies (in stream order), the first {@code count} message indices of {@code replies}, with the requests of
     * the other direction (in stream order) they answer.
     */
    private void pairByAcknowledgement(Connection c, List<Exchange> requests, int[] replies, int count) {
        sortByOffset(c.messages, replies, count);
        requests.sort(Comparator.comparingLong(e -> e.request.offset()));
        int next = 0;
        for (int r = 0; r < count; r++) {
            Message reply = c.messages.get(replies[r]);
            long firstAck = placed.firstAck(replies[r]);
            long acked = firstAck < 0 ? Long.MIN_VALUE : c.end(reply.direction().reverse()).offsetOf(firstAck);
            Exchange answered = null;
            if (acked == Long.MIN_VALUE) {
                if (next < requests.size()) answered = requests.get(next++);   // no acknowledgement to go by: in order
            } else {
                while (next < requests.size() && requests.get(next).request.end() <= acked) answered = requests.get(next++);
            }
            if (answered != null && answered.reply == null) {
                answered.reply = reply;
                answered.replyAt = replies[r];
            }
        }
    }

    /**
     * Sorts the first {@code count} message indices by their messages' stream offsets, stably: an insertion sort, as a
     * direction's messages arrive in stream order (a pass that moves nothing).
     */
    private static void sortByOffset(List<Message> messages, int[] at, int count) {
        for (int i = 1; i < count; i++) {
            int x = at[i];
            long offset = messages.get(x).offset();
            int j = i - 1;
            while (j >= 0 && messages.get(at[j]).offset() > offset) {
                at[j + 1] = at[j];
                j--;
            }
            at[j + 1] = x;
        }
    }
}
