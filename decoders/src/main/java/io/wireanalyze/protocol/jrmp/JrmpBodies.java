package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.protocol.BodyDecoder;
import io.wireanalyze.protocol.BodyFormat;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.protocol.InputState;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.ProtocolName;
import io.wireanalyze.protocol.RequestHead;
import io.wireanalyze.protocol.SessionContext;

import java.nio.ByteBuffer;

import static io.wireanalyze.protocol.jrmp.JrmpConstants.*;

/**
 * JRMP as a body format: RMI tunnelled through HTTP (JDK 1.1 to 8, HTTP-to-port and HTTP-to-CGI/servlet;
 * {@code sun.rmi.transport.proxy}). Each call is one POST whose body is a SingleOpProtocol message: "JRMI",
 * version 2, 0x4c, then a Call (0x50 and its serialization stream) or a DgcAck (0x54 and a UID); the reply body is
 * the ReturnData (0x51 and its stream), empty for a DgcAck (one 0 byte from JDK 8's HTTP-to-port server, whose port
 * answered the POST itself). Messages are named {@code http-rmi}, with JRMP's fields, method names and phases exactly
 * as on plain JRMP.
 */
public final class JrmpBodies implements BodyDecoder {

    /** The layered protocol's name. */
    public static final ProtocolName HTTP_RMI = new ProtocolName("http-rmi");

    /** The format, for the protocol table. */
    public static final BodyFormat FORMAT = BodyFormat.of(HTTP_RMI, context -> new JrmpBodies(context));

    private final CallReturn calls;

    private JrmpBodies(SessionContext context) {
        this.calls = new CallReturn(context.limits(), new JrmpParser(context, HTTP_RMI));
    }

    /** The SingleOp header: "JRMI", version 2, SingleOpProtocol. */
    @Override
    public boolean claims(ByteBuffer body, RequestHead head) {
        int p = body.position();
        return body.remaining() >= HEADER_LENGTH && body.getInt(p) == MAGIC && body.get(p + 6) == SINGLE_OP_PROTOCOL;
    }

    @Override
    public DecodeStep<Message> request(ByteBuffer body, long offset, RequestHead head) {
        int p = body.position();
        if (body.remaining() < HEADER_LENGTH + 1)
            return new DecodeStep.Malformed<>(offset, "rmi.singleop", body.remaining() + " bytes (expected: the 7-byte SingleOp header and a message)");
        int at = p + HEADER_LENGTH;
        long atOffset = offset + HEADER_LENGTH;
        int op = body.get(at) & 0xff;
        DecodeStep<Message> step = switch (op) {
            case CALL -> calls.call(body.duplicate().position(at), at, atOffset, InputState.ENDED);
            case DGC_ACK -> body.limit() - at < DGC_ACK_LENGTH
                    ? new DecodeStep.Malformed<>(atOffset, "rmi.dgcack", (body.limit() - at) + " bytes (expected: " + DGC_ACK_LENGTH + ")")
                    : new DecodeStep.Decoded<>(CallReturn.dgcAck(HTTP_RMI, body, at, atOffset), DGC_ACK_LENGTH);
            default -> new DecodeStep.Malformed<>(atOffset, "rmi.outputstream.message",
                    "0x" + Integer.toHexString(op) + " (expected: 0x50 Call or 0x54 DgcAck in a SingleOp POST)");
        };
        return step;
    }

    @Override
    public DecodeStep<Message> reply(ByteBuffer body, long offset, Message request) {
        if (!body.hasRemaining()) return null;
        int p = body.position();
        int op = body.get(p) & 0xff;
        // A DgcAck has no reply; JDK 8's RMI server (HttpOutputStream, HTTP-to-port) sent one 0 byte instead of an
        // empty body "so that certain clients will not fail": the answer, and no JRMP message.
        if (request.type() == JrmpMessageType.DGC_ACK && body.remaining() == 1 && op == 0) return null;
        if (op != RETURN_DATA)
            return new DecodeStep.Malformed<>(offset, "rmi.inputstream.message", "0x" + Integer.toHexString(op) + " (expected: 0x51 ReturnData)");
        return calls.ret(body, p, offset, InputState.ENDED, request, () -> { });
    }
}
