package io.wireanalyze.accounting;

import io.wireanalyze.frame.TcpSegment;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.tcp.Direction;
import io.wireanalyze.tcp.StreamReassembler;

import java.util.List;

/**
 * Accounts one connection's TCP packets, each to exactly one phase. A packet with payload belongs to the message that
 * holds most of its bytes; a pure ACK to the message whose bytes it acknowledges; SYNs to tcp-setup, FIN and RST (and
 * the ACKs answering a FIN) to tcp-teardown; anything no message explains to unparsed. Everything it reads is the
 * connection's own, so connections can be accounted in any order.
 * <p>
 * Most connections are accounted whole once done ({@link #account}). A long one is accounted as it goes as well
 * ({@link #flush}): its first packets whose place can no longer change (the messages they carry or acknowledge decoded,
 * with a message after them in each direction they look at) go into the totals at once and leave its log, and what
 * the connection's record and its messages need of them stays in a {@link Carried}. So a connection of millions of
 * packets holds its messages, not its packets; and the accounting is the same, packet for packet, as if it had been
 * done at its end.
 */
final class Ledger {

    /**
     * What accounting learns about each of a connection's messages from its packets, by the message's index in
     * {@link Connection#messages}: eleven longs a message in one array, not an object and a map entry each. It grows
     * with the messages of a connection accounted as it goes.
     */
    static final class Placed {
        private static final int FIRST_FRAME = 0, LAST_FRAME = 1, PACKETS = 2, DATA_PACKETS = 3, WIRE_BYTES = 4,
                FIRST_ACK = 5, FIRST_NANOS = 6, LAST_NANOS = 7, FIRST_FRAME_NANOS = 8, FIRST_FRAME_INDEX = 9,
                LAST_FRAME_NANOS = 10, WIDTH = 11;
        private long[] v = new long[0];

        Placed(int messages) {
            fit(messages);
        }

        private Placed(long[] v) {
            this.v = v;
        }

        Placed copy() {
            return new Placed(v.clone());
        }

        /** Room for {@code messages} messages (those past the ones it had, not placed yet). */
        void fit(int messages) {
            int had = v.length;
            if (messages * WIDTH <= had) return;
            v = java.util.Arrays.copyOf(v, Math.max(messages, 2 * (had / WIDTH)) * WIDTH);
            for (int at = had; at < v.length; at += WIDTH) {
                v[at + FIRST_FRAME] = Long.MAX_VALUE;
                v[at + LAST_FRAME] = Long.MIN_VALUE;
                v[at + FIRST_ACK] = -1;
                v[at + FIRST_NANOS] = Long.MAX_VALUE;
                v[at + LAST_NANOS] = Long.MIN_VALUE;
            }
        }

        /**
         * A packet carrying some of message {@code m}'s bytes: {@code ack} is its acknowledgement number (raw), {@code nanos}
         * its time and {@code tcpIndex} its place among the capture's TCP packets. A connection's frames ascend.
         */
        void bytes(int m, long frame, long ack, long nanos, long tcpIndex) {
            int at = m * WIDTH;
            if (frame < v[at + FIRST_FRAME]) {
                v[at + FIRST_FRAME] = frame;
                v[at + FIRST_ACK] = ack;
                v[at + FIRST_FRAME_NANOS] = nanos;
                v[at + FIRST_FRAME_INDEX] = tcpIndex;
            }
            if (frame > v[at + LAST_FRAME]) {
                v[at + LAST_FRAME] = frame;
                v[at + LAST_FRAME_NANOS] = nanos;
            }
            v[at + FIRST_NANOS] = Math.min(v[at + FIRST_NANOS], nanos);
            v[at + LAST_NANOS] = Math.max(v[at + LAST_NANOS], nanos);
        }

        /** A packet accounted to message {@code m}. */
        void packet(int m, long wireBytes, boolean data) {
            int at = m * WIDTH;
            v[at + PACKETS]++;
            v[at + WIRE_BYTES] += wireBytes;
            if (data) v[at + DATA_PACKETS]++;
        }

        /** Whether any packet carried some of its bytes. */
        boolean seen(int m) {
            return firstFrame(m) != Long.MAX_VALUE;
        }

        long firstFrame(int m) {
            return v[m * WIDTH + FIRST_FRAME];
        }

        long lastFrame(int m) {
            return v[m * WIDTH + LAST_FRAME];
        }

        long packets(int m) {
            return v[m * WIDTH + PACKETS];
        }

        long dataPackets(int m) {
            return v[m * WIDTH + DATA_PACKETS];
        }

        long wireBytes(int m) {
            return v[m * WIDTH + WIRE_BYTES];
        }

        /** The acknowledgement number (raw) its first packet carried, or -1: what the sender had received by then. */
        long firstAck(int m) {
            return v[m * WIDTH + FIRST_ACK];
        }

        /** The earliest and latest capture time of its packets (a capture's order may differ from time order). */
        long firstNanos(int m) {
            return v[m * WIDTH + FIRST_NANOS];
        }

        long lastNanos(int m) {
            return v[m * WIDTH + LAST_NANOS];
        }

        /** The capture time of its first frame ({@link #firstFrame}), and that frame's place among the TCP packets. */
        long firstFrameNanos(int m) {
            return v[m * WIDTH + FIRST_FRAME_NANOS];
        }

        long firstFrameIndex(int m) {
            return v[m * WIDTH + FIRST_FRAME_INDEX];
        }

        /** The capture time of its last frame ({@link #lastFrame}). */
        long lastFrameNanos(int m) {
            return v[m * WIDTH + LAST_FRAME_NANOS];
        }
    }

    /**
     * What a connection's rows accounted as it went left for the rest of its accounting: its messages' placing, whether
     * any of those rows had payload, and their sums for the connection's record.
     */
    static final class Carried {
        Placed placed = new Placed(0);
        boolean payloadSeen;
        final Sums sums = new Sums();

        Carried copy() {
            Carried c = new Carried();
            c.placed = placed.copy();
            c.payloadSeen = payloadSeen;
            c.sums.add(sums);
            return c;
        }
    }

    /** Rows' sums for the connection's record: packets, bytes, payload per direction, first and last time. */
    static final class Sums {
        long rows, wire, payload, c2s, s2c, first = Long.MAX_VALUE, last = Long.MIN_VALUE;

        /** Adds the first {@code n} rows of connection {@code c}'s log. */
        void add(Connection c, int n) {
            PacketLog log = c.log;
            for (int i = 0; i < n; i++) {
                rows++;
                wire += log.wireLength(i);
                payload += log.payloadLength(i);
                if (c.direction(log.fromInitiator(i)) == Direction.C2S) c2s += log.payloadLength(i); else s2c += log.payloadLength(i);
                first = Math.min(first, log.nanos(i));
                last = Math.max(last, log.nanos(i));
            }
        }

        void add(Sums o) {
            rows += o.rows;
            wire += o.wire;
            payload += o.payload;
            c2s += o.c2s;
            s2c += o.s2c;
            first = Math.min(first, o.first);
            last = Math.max(last, o.last);
        }
    }

    /** Where a connection's accounting goes. */
    interface Sink {
        void connection(AnalysisResult.ConnectionStats stats);

        /** @param stamp the message's place in the capture, for the facts it wants ({@link io.wireanalyze.protocol.Details#wants()}) */
        void message(long seq, MessageRecord message, long stamp);

        void invocation(PendingInvocation invocation);

        void packet(AnalysisResult.PacketRow row);
    }

    private final AnalysisOptions options;
    private final Connection c;
    private final PacketLog log;
    private final long startNanos;
    /** What the rows accounted before left, and where these rows' go: the connection's own, or a copy (provisional). */
    private final Carried carried;
    private final Placed placed;
    /**
     * For a running view's accounting of a connection still open ({@link #provisional}): per direction (C2S, S2C), the
     * stream offset past its last decoded message, from which payload is a message still arriving; else null.
     */
    private long[] arrivingFrom;
    /** Packets of a provisional accounting whose payload is a message still arriving: in no phase yet. */
    long arriving;

    /** @param startNanos the capture's first frame's time, what report times count from */
    Ledger(AnalysisOptions options, Connection connection, long startNanos) {
        this(options, connection, startNanos, false);
    }

    private Ledger(AnalysisOptions options, Connection connection, long startNanos, boolean provisional) {
        this.options = options;
        this.c = connection;
        this.log = connection.log;
        this.startNanos = startNanos;
        if (connection.carried == null) {
            Carried fresh = new Carried();
            if (!provisional) connection.carried = fresh;
            this.carried = fresh;
        } else {
            this.carried = provisional ? connection.carried.copy() : connection.carried;
        }
        this.placed = carried.placed;
        placed.fit(connection.messages.size());
    }

    /**
     * Accounts a connection still open, as far as it has come (a running view, {@link LiveAnalysis}): once its
     * protocol is known, payload past the last message decoded in its direction is a message still arriving, counted
     * in {@link #arriving} and in no phase. A connection no decoder claimed ({@link io.wireanalyze.protocol.ProtocolName#UNKNOWN}) has no message
     * to wait for: its payload is unparsed at once, as the final report has it. The connection is left as it was.
     */
    static Ledger provisional(AnalysisOptions options, Connection c, long startNanos) {
        Ledger l = new Ledger(options, c, startNanos, true);
        if (c.decoder != null && c.decoder.protocol() != null && c.decoder.protocol() != io.wireanalyze.protocol.ProtocolName.UNKNOWN) {
            l.arrivingFrom = new long[2];
            for (Direction d : Direction.values()) {
                List<Message> list = c.byDirection.get(d.ordinal());
                l.arrivingFrom[d.ordinal()] = list.isEmpty() ? 0 : list.get(list.size() - 1).end();
            }
        }
        return l;
    }

    /** Accounts the connection's packets into {@code totals} and its records into {@code sink}. */
    void account(Totals totals, Sink sink) {
        int n = log.size();
        Phase[] phase = new Phase[n];
        int[] owner = new int[n];   // the index of the message each packet is accounted to, or -1
        boolean[] data = new boolean[n];
        place(n, phase, owner, data, totals);
        AnalysisResult.ConnectionStats stats = connectionStats();
        sink.connection(stats);
        messageRecords(sink);
        for (PendingInvocation p : new Invocations(options.markerMethod(), placed).build(c, stats, totals)) sink.invocation(p);
        if (options.keepPackets()) rows(n, phase, owner, data, sink);
    }

    /**
     * Accounts the connection's first rows whose place is final now (see {@link #settled}) into {@code totals} (their
     * packet rows into {@code sink}), and drops them from its log; the rest waits. The connection is open: its decoder
     * has pinned a protocol (or none) and its messages came in stream order ({@link Connection#inStreamOrder}).
     *
     * @return the rows accounted
     */
    int flush(Totals totals, Sink sink) {
        int n = log.size(), k = 0;
        boolean unknown = c.decoder.protocol() == io.wireanalyze.protocol.ProtocolName.UNKNOWN;
        while (k < n && settled(k, unknown)) k++;
        if (k == 0) return 0;
        Phase[] phase = new Phase[k];
        int[] owner = new int[k];
        boolean[] data = new boolean[k];
        place(k, phase, owner, data, totals);
        if (options.keepPackets()) rows(k, phase, owner, data, sink);
        carried.sums.add(c, k);
        log.dropFirst(k);
        return k;
    }

    /**
     * Whether row {@code i} of an open connection is placed now as it would be at the connection's end. Messages of a
     * direction come in stream order: once a direction has a message that starts at or past a stream offset, every
     * message that holds or ends before that offset is known. So a row is settled when the bytes it carries lie before
     * the start of its direction's last message, and a pure ACK when what it acknowledges lies before the start of the
     * other direction's last message and what its sender had sent before the start of its own's (the two places
     * {@link #fallbackOwner} looks). A connection no protocol claimed has no messages: only its ACKs wait, for the
     * FIN they may answer. An ACK answers a FIN not seen yet only if it acknowledges past every byte the other side has
     * sent; a FIN is never before a byte its side sent (a damaged capture's FIN with an earlier sequence number than
     * bytes already acknowledged would make those ACKs teardown at the end, not here).
     */
    private boolean settled(int i, boolean unknown) {
        Direction dir = c.direction(log.fromInitiator(i));
        int payload = log.payloadLength(i);
        if (payload > 0) {
            if (unknown) return true;
            Message last = last(dir);
            return last != null && log.streamOffset(i) + payload <= last.offset();
        }
        if ((log.flags(i) & (TcpSegment.SYN | TcpSegment.FIN | TcpSegment.RST)) != 0) return true;
        long raw = log.rawAck(i);
        long acked = Long.MIN_VALUE;
        if (raw >= 0) {
            StreamReassembler rev = c.stream(dir.reverse());
            acked = rev.offsetOf(raw);
            if (acked == Long.MIN_VALUE) return false;   // the other side's first byte is still to come
            if (rev.finOffset() < 0 && acked > rev.nextOffset()) return false;   // may answer a FIN to come
        }
        if (unknown) return true;
        if (acked > 0) {
            Message peer = last(dir.reverse());
            if (peer == null || acked >= peer.offset()) return false;
        }
        long sent = log.streamOffset(i);
        if (sent > 0) {
            Message own = last(dir);
            return own != null && sent <= own.offset();
        }
        return true;
    }

    /** The last message of direction {@code d} so far, or null. */
    private Message last(Direction d) {
        List<Message> list = c.byDirection.get(d.ordinal());
        return list.isEmpty() ? null : list.get(list.size() - 1);
    }

    /** Places the log's first {@code n} rows: each one's phase and message (or -1), into the totals and the messages' placing. */
    private void place(int n, Phase[] phase, int[] owner, boolean[] data, Totals totals) {
        java.util.Arrays.fill(owner, -1);
        boolean payloadSeen = carried.payloadSeen;
        for (int i = 0; i < n; i++) {
            Direction dir = c.direction(log.fromInitiator(i));
            int m = -1;
            int flags = log.flags(i);
            if (log.payloadLength(i) > 0) {
                payloadSeen = true;
                m = byPayload(dir, i, data);
                if (m < 0 && arrivingFrom != null && log.streamOffset(i) >= arrivingFrom[dir.ordinal()]) {
                    arriving++;
                    continue;
                }
                phase[i] = phaseOf(m);
            } else if ((flags & TcpSegment.SYN) != 0) {
                phase[i] = Phase.TCP_SETUP;
            } else if ((flags & (TcpSegment.FIN | TcpSegment.RST)) != 0) {
                phase[i] = Phase.TCP_TEARDOWN;
            } else {
                StreamReassembler.Summary rev = c.end(dir.reverse());
                long acked = log.rawAck(i) >= 0 ? rev.offsetOf(log.rawAck(i)) : Long.MIN_VALUE;
                if (rev.finOffset() >= 0 && acked > rev.finOffset()) {
                    phase[i] = Phase.TCP_TEARDOWN;
                } else if (acked > 0 && (m = containing(dir.reverse(), acked - 1)) >= 0) {
                    phase[i] = phaseOf(m);
                } else if (c.sawSyn && (!payloadSeen || (acked == 0 && log.streamOffset(i) == 0))) {
                    // The handshake's ACK: it acknowledges only the peer's SYN and its sender has sent nothing yet,
                    // wherever the file puts it (a multi-queue card or two merged interfaces may put it after data).
                    phase[i] = Phase.TCP_SETUP;
                } else {
                    // No message holds what it acknowledges: it goes with what its own sender last sent, else with the
                    // last message it acknowledges whole, else with none (unparsed). Stream places, not the file's
                    // order: a reordered capture gives the same (before: the previous packet's message in the file).
                    m = fallbackOwner(dir, i, acked);
                    phase[i] = phaseOf(m);
                }
            }
            owner[i] = m;
            if (m >= 0) placed.packet(m, log.wireLength(i), data[i]);
            totals.packet(phase[i], log.wireLength(i), log.payloadLength(i), log.retransmission(i), log.elapsed(i), log.nanos(i));
        }
        carried.payloadSeen = payloadSeen;
    }

    /** The phase of the message of index {@code m}; unparsed for none (-1). */
    private Phase phaseOf(int m) {
        return m >= 0 ? c.messages.get(m).phase() : Phase.UNPARSED;
    }

    /**
     * The index of the message holding most of the packet's bytes, or -1; marks the packet as data when it carries
     * invocation data.
     */
    private int byPayload(Direction dir, int i, boolean[] data) {
        List<Message> list = c.byDirection.get(dir.ordinal());
        long lo = log.streamOffset(i), hi = lo + log.payloadLength(i);
        long frame = log.frame(i), nanos = log.nanos(i), ack = log.rawAck(i), index = log.tcpIndex(i);
        int best = -1;
        long bestOverlap = 0;
        for (int j = firstEndingAfter(list, lo); j < list.size() && list.get(j).offset() < hi; j++) {
            Message m = list.get(j);
            long overlap = Math.min(hi, m.end()) - Math.max(lo, m.offset());
            if (overlap <= 0) continue;
            int at = c.indexOf(dir, j);
            placed.bytes(at, frame, ack, nanos, index);
            if (overlap > bestOverlap) {
                best = at;
                bestOverlap = overlap;
            }
            if (m.phase() == Phase.INVOCATION && m.dataLength() > 0
                    && Math.min(hi, m.dataOffset() + m.dataLength()) > Math.max(lo, m.dataOffset())) data[i] = true;
        }
        return best;
    }

    /**
     * The owner of a pure ACK that acknowledges no message's bytes: the message holding the last byte its sender had
     * sent, else the last message of the peer's that ends where it acknowledges or before, else none (-1).
     */
    private int fallbackOwner(Direction dir, int i, long acked) {
        long sent = log.streamOffset(i);
        int own = sent > 0 ? containing(dir, sent - 1) : -1;
        if (own >= 0) return own;
        if (acked <= 0) return -1;
        Direction peer = dir.reverse();
        int j = firstEndingAfter(c.byDirection.get(peer.ordinal()), acked);
        return j > 0 ? c.indexOf(peer, j - 1) : -1;
    }

    /** The index of the message of direction {@code dir} holding the stream's byte at {@code offset}, or -1. */
    private int containing(Direction dir, long offset) {
        List<Message> list = c.byDirection.get(dir.ordinal());
        int j = firstEndingAfter(list, offset);
        if (j < list.size() && list.get(j).offset() <= offset) return c.indexOf(dir, j);
        return -1;
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

    /** The connection's messages, each ordered by its first frame then by its connection and place there. */
    private void messageRecords(Sink sink) {
        for (int i = 0; i < c.messages.size(); i++) {
            Message m = c.messages.get(i);
            if (!options.keepMessage().test(m)) continue;   // left out of the result: the others keep their place
            boolean seen = placed.seen(i);
            sink.message((long) c.id << 32 | i, new MessageRecord(seen ? placed.firstFrame(i) : null, seen ? placed.lastFrame(i) : null,
                    seen ? (placed.firstFrameNanos(i) - startNanos) / 1e6 : null, c.id, m, placed.packets(i)), c.stamp(i));
        }
    }

    /** The connection's record: its rows accounted as it went ({@link Carried}) and those in its log. */
    private AnalysisResult.ConnectionStats connectionStats() {
        Sums all = new Sums();
        all.add(carried.sums);
        all.add(c, log.size());
        return new AnalysisResult.ConnectionStats(c.id, c.client().toString(), c.server().toString(), c.protocol().label(),
                all.rows, all.wire, all.payload, all.c2s, all.s2c, (all.first - startNanos) / 1e6, (all.last - all.first) / 1e6,
                c.sawSyn, c.gapBytes(), c.messages.size(), c.conflictingBytes());
    }

    /** The first {@code n} rows as packet rows (for CSV), with the phases and messages {@link #place} gave them. */
    private void rows(int n, Phase[] phase, int[] owner, boolean[] data, Sink sink) {
        for (int i = 0; i < n; i++) {
            Message m = owner[i] < 0 ? null : c.messages.get(owner[i]);
            String label = m == null ? "" : m.info().method() == null ? m.type().label() : m.type().label() + " " + m.info().method();
            sink.packet(new AnalysisResult.PacketRow(log.frame(i), (log.nanos(i) - startNanos) / 1e6, c.id,
                    c.direction(log.fromInitiator(i)).label(), log.wireLength(i), log.payloadLength(i),
                    TcpSegment.flagNames(log.flags(i)), phase[i], label, data[i], log.retransmission(i)));
        }
    }
}
