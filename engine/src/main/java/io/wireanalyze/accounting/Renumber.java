package io.wireanalyze.accounting;

/** Records of a part of a split analysis, given their connection's number in the whole capture ({@link SplitAnalysis}). */
final class Renumber {

    private Renumber() {
    }

    /** A record's order key (its connection's number and its place there) with the connection's new number. */
    static long seq(long seq, int id) {
        return (long) id << 32 | (seq & 0xffffffffL);
    }

    static AnalysisResult.ConnectionStats connection(AnalysisResult.ConnectionStats c, int id) {
        return new AnalysisResult.ConnectionStats(id, c.client(), c.server(), c.protocol(), c.packets(), c.wireBytes(),
                c.payloadBytes(), c.c2sPayloadBytes(), c.s2cPayloadBytes(), c.startMs(), c.durationMs(), c.sawSyn(),
                c.gapBytes(), c.messages(), c.conflictingBytes());
    }

    static Codecs.Keyed<MessageRecord> message(Codecs.Keyed<MessageRecord> k, int id) {
        MessageRecord r = k.value();
        return new Codecs.Keyed<>(seq(k.seq(), id), new MessageRecord(r.frame(), r.lastFrame(), r.timeMs(), id, r.message(),
                r.packets()), k.stamp());
    }

    static PendingInvocation invocation(PendingInvocation p, int id) {
        AnalysisResult.InvocationRecord r = p.record();
        var record = r.withConnection(id);
        return new PendingInvocation(record, seq(p.seq(), id), p.warmup(), p.requestFirstNanos(), p.call(), p.startNanos(),
                p.replyStartNanos(), p.endNanos(), p.wireBytes(), p.aloneOnItsConnection(), p.connectionPackets(),
                p.connectionWireBytes(), p.connectionMs(), p.clientHost(), p.serverHost(), p.wants(), p.stamp());
    }

    static AnalysisResult.PacketRow packet(AnalysisResult.PacketRow r, int id) {
        return new AnalysisResult.PacketRow(r.frame(), r.timeMs(), id, r.direction(), r.wireLength(), r.payloadLength(),
                r.flags(), r.phase(), r.message(), r.data(), r.retransmission());
    }
}
