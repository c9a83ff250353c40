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
    static final Comparator<AnalysisResult.ConnectionStats> CONNECTIONS = CONNECTION_KEY.comparator();
    /** Messages by frame (those without a frame last), then by connection and place. */
    static final Spill.Key<Codecs.Keyed<MessageRecord>> MESSAGE_KEY = Spill.Key.of(
            k -> k.value().frame() == null ? 1 : 0, k -> k.value().frame() == null ? 0 : k.value().frame(), Codecs.Keyed::seq);
    static final Comparator<Codecs.Keyed<MessageRecord>> MESSAGES = MESSAGE_KEY.comparator();
    /** Invocations in the order their requests were sent. */
    static final Comparator<PendingInvocation> INVOCATIONS = Legs.ORDER;
    /** Packet rows by frame. */
    static final Spill.Key<AnalysisResult.PacketRow> PACKET_KEY = Spill.Key.of(AnalysisResult.PacketRow::frame);
    static final Comparator<AnalysisResult.PacketRow> PACKETS = PACKET_KEY.comparator();

    RecordSpills(Codecs codecs, int recordsInMemory) {
        this.codecs = codecs;
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
