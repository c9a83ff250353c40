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
    static final Comparator<AnalysisResult.ConnectionStats> CONNECTIONS = Comparator.comparingInt(AnalysisResult.ConnectionStats::id);
    /** Messages by frame (those without a frame last), then by connection and place. */
    static final Comparator<Codecs.Keyed<MessageRecord>> MESSAGES = Comparator.<Codecs.Keyed<MessageRecord>, Long>comparing(
            k -> k.value().frame(), Comparator.nullsLast(Comparator.naturalOrder())).thenComparingLong(Codecs.Keyed::seq);
    /** Invocations in the order their requests were sent. */
    static final Comparator<PendingInvocation> INVOCATIONS = Legs.ORDER;
    /** Packet rows by frame. */
    static final Comparator<AnalysisResult.PacketRow> PACKETS = Comparator.comparingLong(AnalysisResult.PacketRow::frame);

    RecordSpills(Codecs codecs, int recordsInMemory) {
        this.codecs = codecs;
        connections = new Spill<>("connections", codecs.connections, CONNECTIONS, recordsInMemory);
        messages = new Spill<>("messages", codecs.messages, MESSAGES, Math.max(1, recordsInMemory / 2));
        invocations = new Spill<>("invocations", codecs.invocations, INVOCATIONS, recordsInMemory);
        packets = new Spill<>("packets", codecs.packets, PACKETS, (int) Math.min(Integer.MAX_VALUE, 2L * recordsInMemory));
    }

    @Override
    public void connection(AnalysisResult.ConnectionStats stats) {
        connections.add(stats);
    }

    @Override
    public void message(long seq, MessageRecord message, long stamp) {
        messages.add(new Codecs.Keyed<>(seq, message, stamp));
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
