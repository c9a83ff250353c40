package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.codec.Hex;
import io.wireanalyze.codec.ModifiedUtf8;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.protocol.InputState;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import io.wireanalyze.protocol.ProtocolSession;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.protocol.SessionContext;
import io.wireanalyze.tcp.Direction;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;

import static io.wireanalyze.protocol.jrmp.JrmpConstants.*;

/**
 * JRMP framing for one connection (Java RMI Specification 10.2 and 10.3). A Call or ReturnData carries no
 * length: it ends where its serialization stream's contents end, found by walking the grammar; the end is
 * certain once a byte that cannot start a content follows, or once the peer has answered.
 */
public final class JrmpSession implements ProtocolSession {

    /** What each direction awaits next. */
    private enum Await { HEADER, ENDPOINT, PROTOCOL_ACK, MESSAGES, MULTIPLEX }

    private final CallReturn calls;
    private Await client;
    private Await server;
    /** Calls awaiting their ReturnData (JRMP answers in order on a connection). */
    private final ArrayDeque<Message> pendingCalls = new ArrayDeque<>();

    /**
     * A session that knows the context's method names, guesses with its words and memo, and knows of remote objects
     * what its own connection shows.
     */
    public JrmpSession(SessionContext context) {
        this(context, new JrmpParser(context, Jrmp.NAME));
    }

    JrmpSession(SessionContext context, JrmpParser parser) {
        this.calls = new CallReturn(context.limits(), parser);
        this.client = context.midStream() ? Await.MESSAGES : Await.HEADER;
        this.server = context.midStream() ? Await.MESSAGES : Await.PROTOCOL_ACK;
    }

    @Override
    public DecodeStep<Message> decode(Direction d, ByteBuffer in, long offset, InputState state) {
        int p = in.position();
        if (in.remaining() < 1) return new DecodeStep.NeedMore<>(1);
        Await await = d == Direction.C2S ? client : server;
        return switch (await) {
            case HEADER -> header(in, p, offset);
            case ENDPOINT -> endpoint(in, p, offset, Direction.C2S, 0, JrmpMessageType.ENDPOINT);
            case PROTOCOL_ACK -> protocolAck(in, p, offset);
            case MESSAGES -> message(d, in, p, offset, state);
            case MULTIPLEX -> new DecodeStep.Malformed<>(offset, "rmi.protocol", "MultiplexProtocol (0x4d) is not decoded");
        };
    }

    @Override
    public int resync(Direction d, ByteBuffer in) {
        int p = in.position();
        int opcode = d == Direction.C2S ? CALL : RETURN_DATA;
        for (int i = 0; i + 5 <= in.remaining(); i++) {
            if ((in.get(p + i) & 0xff) == opcode && in.getInt(p + i + 1) == SERIAL_HEADER) {
                if (d == Direction.C2S) client = Await.MESSAGES; else server = Await.MESSAGES;
                return i;
            }
        }
        return -1;
    }

    private DecodeStep<Message> header(ByteBuffer in, int p, long offset) {
        if (in.remaining() < HEADER_LENGTH) return new DecodeStep.NeedMore<>(HEADER_LENGTH);
        if (in.getInt(p) != MAGIC)
            return new DecodeStep.Malformed<>(offset, "rmi.magic", Hex.of(in.getInt(p)) + " (expected: 0x4a524d49 \"JRMI\")");
        int version = in.getShort(p + 4) & 0xffff;
        int protocol = in.get(p + 6) & 0xff;
        String name = switch (protocol) {
            case STREAM_PROTOCOL -> "StreamProtocol";
            case SINGLE_OP_PROTOCOL -> "SingleOpProtocol";
            case MULTIPLEX_PROTOCOL -> "MultiplexProtocol";
            default -> null;
        };
        if (name == null)
            return new DecodeStep.Malformed<>(offset + 6, "rmi.protocol", Hex.of(protocol) + " (expected: 0x4b, 0x4c or 0x4d)");
        switch (protocol) {
            case STREAM_PROTOCOL -> client = Await.ENDPOINT;
            case SINGLE_OP_PROTOCOL -> { client = Await.MESSAGES; server = Await.MESSAGES; }
            default -> { client = Await.MULTIPLEX; server = Await.MULTIPLEX; }
        }
        MessageInfo info = MessageInfo.of(new JrmpDetails.Header(version, name));
        return decoded(simple(JrmpMessageType.HEADER, Direction.C2S, offset, HEADER_LENGTH, info), HEADER_LENGTH);
    }

    private DecodeStep<Message> protocolAck(ByteBuffer in, int p, long offset) {
        int op = in.get(p) & 0xff;
        if (op == PROTOCOL_NACK) {
            server = Await.MESSAGES;
            return decoded(simple(JrmpMessageType.PROTOCOL_NACK, Direction.S2C, offset, 1, MessageInfo.EMPTY), 1);
        }
        if (op != PROTOCOL_ACK)
            return new DecodeStep.Malformed<>(offset, "rmi.inputstream.message", Hex.of(op) + " (expected: 0x4e ProtocolAck or 0x4f ProtocolNack)");
        return endpoint(in, p, offset, Direction.S2C, 1, JrmpMessageType.PROTOCOL_ACK);
    }

    /** An EndpointIdentifier: writeUTF(host), writeInt(port); after {@code skip} opcode bytes. */
    private DecodeStep<Message> endpoint(ByteBuffer in, int p, long offset, Direction d, int skip, JrmpMessageType type) {
        if (in.remaining() < skip + 2) return new DecodeStep.NeedMore<>(skip + 2);
        int hostLength = in.getShort(p + skip) & 0xffff;
        int total = skip + 2 + hostLength + 4;
        if (in.remaining() < total) return new DecodeStep.NeedMore<>(total);
        String host = ModifiedUtf8.decodeLenient(in, p + skip + 2, hostLength);
        int port = in.getInt(p + skip + 2 + hostLength);
        if (d == Direction.C2S) client = Await.MESSAGES; else server = Await.MESSAGES;
        MessageInfo info = MessageInfo.of(new JrmpDetails.Endpoint(host + ":" + port));
        return decoded(simple(type, d, offset, total, info), total);
    }

    private DecodeStep<Message> message(Direction d, ByteBuffer in, int p, long offset, InputState state) {
        int op = in.get(p) & 0xff;
        if (d == Direction.C2S) {
            return switch (op) {
                case CALL -> call(in, p, offset, state);
                case PING -> decoded(simple(JrmpMessageType.PING, d, offset, 1, MessageInfo.EMPTY), 1);
                case DGC_ACK -> dgcAck(in, p, offset);
                default -> new DecodeStep.Malformed<>(offset, "rmi.outputstream.message",
                        Hex.of(op) + " (expected: 0x50 Call, 0x52 Ping or 0x54 DgcAck)");
            };
        }
        return switch (op) {
            case RETURN_DATA -> calls.ret(in, p, offset, state, pendingCalls.peekFirst(), pendingCalls::pollFirst);
            case PING_ACK -> decoded(simple(JrmpMessageType.PING_ACK, d, offset, 1, MessageInfo.EMPTY), 1);
            default -> new DecodeStep.Malformed<>(offset, "rmi.inputstream.message",
                    Hex.of(op) + " (expected: 0x51 ReturnData or 0x53 PingAck)");
        };
    }

    private DecodeStep<Message> dgcAck(ByteBuffer in, int p, long offset) {
        if (in.remaining() < DGC_ACK_LENGTH) return new DecodeStep.NeedMore<>(DGC_ACK_LENGTH);
        return decoded(CallReturn.dgcAck(Jrmp.NAME, in, p, offset), DGC_ACK_LENGTH);
    }

    /** A Call: remembered until its ReturnData, which JRMP sends in order on a connection. */
    private DecodeStep<Message> call(ByteBuffer in, int p, long offset, InputState state) {
        DecodeStep<Message> step = calls.call(in, p, offset, state);
        if (step instanceof DecodeStep.Decoded<Message> d) pendingCalls.addLast(d.message());
        return step;
    }

    private static Message simple(JrmpMessageType type, Direction d, long offset, int length, MessageInfo info) {
        return new Message(Jrmp.NAME, type, JrmpPhaseRules.of(type), d, offset, length, offset, 0, Role.NONE, -1, info);
    }

    private static DecodeStep<Message> decoded(Message m, int consumed) {
        return new DecodeStep.Decoded<>(m, consumed);
    }

}
