package io.wireanalyze.accounting;

import java.util.Comparator;

/**
 * Where an analysis' records go as connections are accounted, each kind in the order the reports read it: connections
 * by id, messages by frame (those without a frame last) then by connection and place, invocations in the order their
 * requests were sent ({@link Legs#ORDER}), packet rows by frame. Records past a bound go, sorted, to temporary files.
 */
final class RecordSpills implements Ledger.Sink {

    final Codecs codecs;
    final Spill<AnalysisResult.ConnectionStats> connections;
    final Spill<Codecs.Keyed<MessageRecord>> messages;
    final Spill<PendingInvocation> invocations;
    final Spill<AnalysisResult.PacketRow> packets;

    /** Connections by id. */
    static final Spill.Key<AnalysisResult.ConnectionStats> CONNECTION_KEY = Spill.Key.of(AnalysisResult.ConnectionStats::id);
    /** Messages by frame (those without a frame last), then by connection and place. */
    static final Spill.Key<Codecs.Keyed<MessageRecord>> MESSAGE_KEY = Spill.Key.of(
            k -> k.value().frame() == null ? 1 : 0, k -> k.value().frame() == null ? 0 : k.value().frame(), Codecs.Keyed::seq);
    static final Comparator<Codecs.Keyed<MessageRecord>> MESSAGES = MESSAGE_KEY.comparator();
    /** Packet rows by frame. */
    static final Spill.Key<AnalysisResult.PacketRow> PACKET_KEY = Spill.Key.of(AnalysisResult.PacketRow::frame);

    /**
     * With a limit ({@link AnalysisOptions#messageLimit}): the least messages with a frame so far, in {@link #MESSAGES}
     * order, at most the limit; those pushed out are counted. Messages without a frame all go to the spill: a part's
     * connections may be numbered again when parts are joined, which can reorder those (they are ordered by
     * connection), never messages with frames (one frame, one connection).
     */
    private final int messageLimit;
    private final java.util.ArrayList<Codecs.Keyed<MessageRecord>> first = new java.util.ArrayList<>();
    private long leftOut;

    RecordSpills(Codecs codecs, int recordsInMemory) {
        this(codecs, recordsInMemory, AnalysisOptions.NO_LIMIT);
    }

    RecordSpills(Codecs codecs, int recordsInMemory, int messageLimit) {
        this.codecs = codecs;
        this.messageLimit = messageLimit;
        connections = new Spill<>("connections", codecs.connections, CONNECTION_KEY, recordsInMemory);
        messages = new Spill<>("messages", codecs.messages, MESSAGE_KEY, Math.max(1, recordsInMemory / 2));
        invocations = new Spill<>("invocations", codecs.invocations, Legs.KEY, recordsInMemory);
        packets = new Spill<>("packets", codecs.packets, PACKET_KEY, (int) Math.min(Integer.MAX_VALUE, 2L * recordsInMemory));
    }

    @Override
    public void connection(AnalysisResult.ConnectionStats stats) {
        connections.add(stats);
    }

    @Override
    public void message(long seq, MessageRecord message, long stamp) {
        Codecs.Keyed<MessageRecord> k = new Codecs.Keyed<>(seq, message, stamp);
        if (messageLimit == AnalysisOptions.NO_LIMIT || message.frame() == null) {
            messages.add(k);
            return;
        }
        int n = first.size();
        if (n == messageLimit && (n == 0 || MESSAGES.compare(k, first.get(n - 1)) > 0)) {
            leftOut++;   // after all those kept (nearly every message, once the limit is reached: one comparison)
            return;
        }
        int at = n;
        while (at > 0 && MESSAGES.compare(k, first.get(at - 1)) < 0) at--;
        first.add(at, k);
        if (first.size() > messageLimit) {
            first.remove(first.size() - 1);
            leftOut++;
        }
    }

    /** The messages, sorted ({@link Spill#sorted}): with a limit, those kept. No more may be added. */
    java.util.List<Codecs.Keyed<MessageRecord>> sortedMessages() {
        for (Codecs.Keyed<MessageRecord> k : first) messages.add(k);
        first.clear();
        return messages.sorted();
    }

    /** Messages with a frame that the limit left out. */
    long messagesLeftOut() {
        return leftOut;
    }

    int messageLimit() {
        return messageLimit;
    }

    @Override
    public void invocation(PendingInvocation invocation) {
        invocations.add(invocation);
    }

    @Override
    public void packet(AnalysisResult.PacketRow row) {
        packets.add(row);
    }
}
