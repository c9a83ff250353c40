package io.wireanalyze.accounting;

import io.wireanalyze.frame.TcpSegment;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.tcp.Direction;
import io.wireanalyze.tcp.StreamReassembler;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pass two: accounts every TCP packet to exactly one phase. A packet with payload belongs to the message
 * that holds most of its bytes; a pure ACK to the message whose bytes it acknowledges; SYNs to tcp-setup,
 * FIN and RST (and the ACKs answering a FIN) to tcp-teardown; anything no message explains to unparsed.
 */
final class Ledger {

    /** What pass two learns about one message. */
    static final class Placed {
        long firstFrame = Long.MAX_VALUE;
        long lastFrame = Long.MIN_VALUE;
        long packets;
        long dataPackets;
        long wireBytes;
        /** The acknowledgement number (raw) its first packet carried, or -1: what the sender had received by then. */
        long firstAck = -1;
        /** The earliest and latest capture time of its packets (a capture's order may differ from time order). */
        long firstNanos = Long.MAX_VALUE;
        long lastNanos = Long.MIN_VALUE;
    }

    private final AnalysisOptions options;
    private final List<Connection> connections;
    private final List<PacketRecord> packets;
    private final long startNanos;
    private final IdentityHashMap<Message, Placed> placed = new IdentityHashMap<>();

    Ledger(AnalysisOptions options, List<Connection> connections, List<PacketRecord> packets, long startNanos) {
        this.options = options;
        this.connections = connections;
        this.packets = packets;
        this.startNanos = startNanos;
    }

    AnalysisResult account(String source, AnalysisResult.CaptureInfo info) {
        int n = packets.size();
        Phase[] phase = new Phase[n];
        Message[] owner = new Message[n];
        boolean[] data = new boolean[n];
        Message[] lastOwner = new Message[connections.size() + 1];
        boolean[] payloadSeen = new boolean[connections.size() + 1];
        for (Connection c : connections) for (Message m : c.messages) placed.put(m, new Placed());

        for (int i = 0; i < n; i++) {
            PacketRecord p = packets.get(i);
            Connection c = connections.get(p.connection() - 1);
            Direction dir = c.direction(p.fromInitiator());
            Message m = null;
            if (p.payloadLength() > 0) {
                payloadSeen[c.id] = true;
                m = byPayload(c, dir, p, i, data);
                phase[i] = m != null ? m.phase() : Phase.UNPARSED;
            } else if ((p.flags() & TcpSegment.SYN) != 0) {
                phase[i] = Phase.TCP_SETUP;
            } else if ((p.flags() & (TcpSegment.FIN | TcpSegment.RST)) != 0) {
                phase[i] = Phase.TCP_TEARDOWN;
            } else {
                StreamReassembler.Summary rev = c.end(dir.reverse());
                long acked = p.rawAck() >= 0 ? rev.offsetOf(p.rawAck()) : Long.MIN_VALUE;
                if (rev.finOffset() >= 0 && acked > rev.finOffset()) {
                    phase[i] = Phase.TCP_TEARDOWN;
                } else if (acked > 0 && (m = containing(c.byDirection.get(dir.reverse().ordinal()), acked - 1)) != null) {
                    phase[i] = m.phase();
                } else if (!payloadSeen[c.id] && c.sawSyn) {
                    phase[i] = Phase.TCP_SETUP;
                } else {
                    m = lastOwner[c.id];
                    phase[i] = m != null ? m.phase() : Phase.UNPARSED;
                }
            }
            owner[i] = m;
            if (m != null) {
                lastOwner[c.id] = m;
                Placed pl = placed.get(m);
                pl.packets++;
                pl.wireBytes += p.wireLength();
                if (data[i]) pl.dataPackets++;
            }
        }
        Map<Phase, AnalysisResult.PhaseStats> phases = phaseStats(phase);
        long accounted = phases.values().stream().mapToLong(AnalysisResult.PhaseStats::packets).sum();
        if (accounted != n) throw new IllegalStateException("phases account " + accounted + " packets (expected: " + n + ")");
        List<MessageRecord> messages = messageRecords();
        List<AnalysisResult.ConnectionStats> connectionStats = connectionStats();
        List<AnalysisResult.InvocationRecord> invocations = new Invocations(options.markerMethod(), placed, this::nanosOf)
                .build(connections, connectionStats);
        AnalysisResult.Summary summary = summary(invocations, owner);
        return new AnalysisResult(source, info, summary, phases, connectionStats, messages, invocations,
                options.keepPackets() ? rows(phase, owner, data) : List.of());
    }

    /** The message holding most of the packet's bytes; marks the packet as data when it carries invocation data. */
    private Message byPayload(Connection c, Direction dir, PacketRecord p, int i, boolean[] data) {
        List<Message> list = c.byDirection.get(dir.ordinal());
        long lo = p.streamOffset(), hi = lo + p.payloadLength();
        Message best = null;
        long bestOverlap = 0;
        for (int j = firstEndingAfter(list, lo); j < list.size() && list.get(j).offset() < hi; j++) {
            Message m = list.get(j);
            long overlap = Math.min(hi, m.end()) - Math.max(lo, m.offset());
            if (overlap <= 0) continue;
            Placed pl = placed.get(m);
            if (p.frame() < pl.firstFrame) {
                pl.firstFrame = p.frame();
                pl.firstAck = p.rawAck();
            }
            pl.lastFrame = Math.max(pl.lastFrame, p.frame());
            pl.firstNanos = Math.min(pl.firstNanos, p.timestampNanos());
            pl.lastNanos = Math.max(pl.lastNanos, p.timestampNanos());
            if (overlap > bestOverlap) {
                best = m;
                bestOverlap = overlap;
            }
            if (m.phase() == Phase.INVOCATION && m.dataLength() > 0
                    && Math.min(hi, m.dataOffset() + m.dataLength()) > Math.max(lo, m.dataOffset())) data[i] = true;
        }
        return best;
    }

    private static Message containing(List<Message> list, long offset) {
        int j = firstEndingAfter(list, offset);
        if (j < list.size() && list.get(j).offset() <= offset) return list.get(j);
        return null;
    }

    /** Index of the first message whose end is past {@code offset} (messages of a direction are in stream order). */
    private static int firstEndingAfter(List<Message> list, long offset) {
        int lo = 0, hi = list.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (list.get(mid).end() <= offset) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    private Map<Phase, AnalysisResult.PhaseStats> phaseStats(Phase[] phase) {
        Map<Phase, long[]> counts = new EnumMap<>(Phase.class);
        Map<Phase, long[]> times = new EnumMap<>(Phase.class);   // elapsed, first, last
        for (Phase ph : Phase.values()) {
            counts.put(ph, new long[4]);
            times.put(ph, new long[]{0, Long.MAX_VALUE, Long.MIN_VALUE});
        }
        for (int i = 0; i < phase.length; i++) {
            PacketRecord p = packets.get(i);
            long[] c = counts.get(phase[i]);
            c[0]++;
            c[1] += p.wireLength();
            c[2] += p.payloadLength();
            if (p.retransmission()) c[3]++;
            long[] t = times.get(phase[i]);
            // Time charged to a packet: since the previous TCP packet; never negative when a file's clock steps back.
            if (i > 0) t[0] += Math.max(0, p.timestampNanos() - packets.get(i - 1).timestampNanos());
            t[1] = Math.min(t[1], p.timestampNanos());
            t[2] = Math.max(t[2], p.timestampNanos());
        }
        Map<Phase, AnalysisResult.PhaseStats> out = new EnumMap<>(Phase.class);
        for (Phase ph : Phase.values()) {
            long[] c = counts.get(ph), t = times.get(ph);
            double span = c[0] == 0 ? 0 : (t[2] - t[1]) / 1e6;
            out.put(ph, new AnalysisResult.PhaseStats(c[0], c[1], c[2], t[0] / 1e6, span, c[3]));
        }
        return out;
    }

    private List<MessageRecord> messageRecords() {
        List<MessageRecord> out = new ArrayList<>();
        for (Connection c : connections) {
            for (Message m : c.messages) {
                Placed pl = placed.get(m);
                boolean seen = pl.firstFrame != Long.MAX_VALUE;
                out.add(new MessageRecord(seen ? pl.firstFrame : null, seen ? pl.lastFrame : null,
                        seen ? (nanosOf(pl.firstFrame) - startNanos) / 1e6 : null, c.id, m, pl.packets));
            }
        }
        out.sort(Comparator.comparing(MessageRecord::frame, Comparator.nullsLast(Comparator.naturalOrder())));
        return out;
    }

    private AnalysisResult.Summary summary(List<AnalysisResult.InvocationRecord> invocations, Message[] owner) {
        long firstCall = invocations.stream().mapToLong(AnalysisResult.InvocationRecord::requestFrame).min().orElse(-1);
        Double setupMs = null;
        long setupPackets = 0;
        if (firstCall > 0) {
            int idx = indexOf(firstCall);
            setupPackets = idx;
            setupMs = (packets.get(idx).timestampNanos() - packets.get(0).timestampNanos()) / 1e6;
        }
        int measured = 0;
        long dataPackets = 0, overhead = 0;
        for (var inv : invocations) {
            if (!inv.measured()) continue;
            measured++;
            dataPackets += inv.dataPackets();
            overhead += inv.overheadPackets();
        }
        Double ratio = measured == 0 || dataPackets + overhead == 0 ? null : (double) dataPackets / (dataPackets + overhead);
        Double perInvocation = measured == 0 ? null : (double) overhead / measured;
        return new AnalysisResult.Summary(packets.size(), setupMs, setupPackets, measured, dataPackets, overhead, ratio, perInvocation);
    }

    private List<AnalysisResult.ConnectionStats> connectionStats() {
        int k = connections.size();
        long[][] sums = new long[k + 1][5];   // packets, wire, payload, c2s, s2c
        long[] first = new long[k + 1], last = new long[k + 1];
        java.util.Arrays.fill(first, Long.MAX_VALUE);
        for (PacketRecord p : packets) {
            long[] s = sums[p.connection()];
            s[0]++;
            s[1] += p.wireLength();
            s[2] += p.payloadLength();
            Connection c = connections.get(p.connection() - 1);
            s[c.direction(p.fromInitiator()) == Direction.C2S ? 3 : 4] += p.payloadLength();
            first[p.connection()] = Math.min(first[p.connection()], p.timestampNanos());
            last[p.connection()] = Math.max(last[p.connection()], p.timestampNanos());
        }
        List<AnalysisResult.ConnectionStats> out = new ArrayList<>();
        for (Connection c : connections) {
            long[] s = sums[c.id];
            String protocol = c.protocol().label();
            out.add(new AnalysisResult.ConnectionStats(c.id, c.client().toString(), c.server().toString(), protocol,
                    s[0], s[1], s[2], s[3], s[4], (first[c.id] - startNanos) / 1e6, (last[c.id] - first[c.id]) / 1e6,
                    c.sawSyn, c.gapBytes(), c.messages.size(), c.conflictingBytes()));
        }
        return out;
    }

    private List<AnalysisResult.PacketRow> rows(Phase[] phase, Message[] owner, boolean[] data) {
        List<AnalysisResult.PacketRow> out = new ArrayList<>(packets.size());
        for (int i = 0; i < packets.size(); i++) {
            PacketRecord p = packets.get(i);
            Connection c = connections.get(p.connection() - 1);
            Message m = owner[i];
            String label = m == null ? "" : m.info().method() == null ? m.type().label() : m.type().label() + " " + m.info().method();
            out.add(new AnalysisResult.PacketRow(p.frame(), (p.timestampNanos() - startNanos) / 1e6, p.connection(),
                    c.direction(p.fromInitiator()).label(), p.wireLength(), p.payloadLength(),
                    TcpSegment.flagNames(p.flags()), phase[i], label, data[i], p.retransmission()));
        }
        return out;
    }

    private int indexOf(long frame) {
        int lo = 0, hi = packets.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (packets.get(mid).frame() < frame) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    long nanosOf(long frame) {
        return packets.get(indexOf(frame)).timestampNanos();
    }
}
