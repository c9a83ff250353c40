package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.tcp.Direction;
import io.wireanalyze.tcp.StreamReassembler;

import java.util.ArrayList;
import java.util.List;

/** One TCP connection's state during pass one: reassembly, decoding, and the messages found. */
final class Connection {

    final int id;
    final Endpoint initiator;
    final Endpoint responder;
    final boolean sawSyn;
    final long synSeq;
    final StreamReassembler[] streams = new StreamReassembler[2];   // [initiator, responder]
    final ConnectionDecoder decoder;
    final boolean[] closed = new boolean[2];
    boolean reset;
    /** Messages in the order decoded, and per direction (C2S, S2C) in stream order. */
    final List<Message> messages = new ArrayList<>();
    final List<List<Message>> byDirection = List.of(new ArrayList<>(), new ArrayList<>());

    Connection(int id, Endpoint initiator, Endpoint responder, boolean sawSyn, long synSeq, AnalysisOptions options,
               io.wireanalyze.protocol.giop.NamingRegistry naming) {
        this.id = id;
        this.initiator = initiator;
        this.responder = responder;
        this.sawSyn = sawSyn;
        this.synSeq = synSeq;
        streams[0] = new StreamReassembler(options.limits().maxBufferedStreamBytes());
        streams[1] = new StreamReassembler(options.limits().maxBufferedStreamBytes());
        decoder = new ConnectionDecoder(options.limits(), options.methodNames(), sawSyn, naming);
    }

    void add(Message m) {
        messages.add(m);
        byDirection.get(m.direction().ordinal()).add(m);
    }

    Direction direction(boolean fromInitiator) {
        return decoder.direction(fromInitiator);
    }

    StreamReassembler stream(Direction d) {
        return streams[(d == Direction.C2S) == decoder.initiatorIsClient() ? 0 : 1];
    }

    Endpoint client() {
        return decoder.initiatorIsClient() ? initiator : responder;
    }

    Endpoint server() {
        return decoder.initiatorIsClient() ? responder : initiator;
    }

    boolean finished() {
        return reset || (closed[0] && closed[1]);
    }
}
