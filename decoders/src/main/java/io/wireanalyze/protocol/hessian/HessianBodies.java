package io.wireanalyze.protocol.hessian;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.BodyDecoder;
import io.wireanalyze.protocol.BodyFormat;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import io.wireanalyze.protocol.ProtocolName;
import io.wireanalyze.protocol.RequestHead;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.protocol.SessionContext;
import io.wireanalyze.tcp.Direction;

import java.nio.ByteBuffer;
import java.util.Locale;

/**
 * Caucho Hessian 1.0 and 2.0 as a body format: a POST is claimed by its first bytes ({@code c 0x01 0x00}, {@code c 0x02 0x00},
 * {@code H 0x02 0x00 C}; a bare {@code C} and a string when the media type names Hessian), on any port. The values
 * are walked structurally ({@link Hessian1Values}, {@link Hessian2Values}) with bounded depth, count and lengths, never
 * built. A call is an invocation named by its method; its data are the arguments, its reply's the value or fault;
 * codes, lengths, types and class definitions are markup beside the value bytes ({@link HessianDetails}).
 */
public final class HessianBodies implements BodyDecoder {

    /** The protocol's name in reports. */
    public static final ProtocolName HESSIAN = new ProtocolName("hessian");

    /** The format, for the protocol table. */
    public static final BodyFormat FORMAT = BodyFormat.of(HESSIAN, context -> new HessianBodies(context.limits()));

    private final DecoderLimits limits;

    private HessianBodies(DecoderLimits limits) {
        this.limits = limits;
    }

    @Override
    public boolean claims(ByteBuffer body, RequestHead head) {
        int p = body.position();
        int n = body.remaining();
        if (n < 2) return false;
        int b0 = body.get(p) & 0xff;
        int b1 = body.get(p + 1) & 0xff;
        if (b0 == HessianEnvelope.CALL_1 && n >= 4)
            return (b1 == 1 || b1 == 2) && body.get(p + 2) == 0 && (body.get(p + 3) == HessianEnvelope.METHOD_1 || body.get(p + 3) == HessianEnvelope.HEADER_1);
        if (b0 == HessianEnvelope.VERSION_2 && n >= 4) return b1 == 2 && body.get(p + 2) == 0 && body.get(p + 3) == HessianEnvelope.CALL_2;
        return b0 == HessianEnvelope.CALL_2 && Hessian2Values.isString(b1) && head.contentType() != null
                && head.contentType().toLowerCase(Locale.ROOT).contains("hessian");
    }

    @Override
    public DecodeStep<Message> request(ByteBuffer body, long offset, RequestHead head) {
        return message(body, offset, HessianEnvelope.call(body.duplicate(), offset, limits), Role.REQUEST, null);
    }

    @Override
    public DecodeStep<Message> reply(ByteBuffer body, long offset, Message request) {
        if (!body.hasRemaining()) return null;
        return message(body, offset, HessianEnvelope.reply(body.duplicate(), offset, limits), Role.REPLY, request);
    }

    private static DecodeStep<Message> message(ByteBuffer body, long offset, HessianEnvelope.Read read, Role role, Message request) {
        if (read instanceof HessianEnvelope.Read.Bad bad) return new DecodeStep.Malformed<>(bad.failure());
        HessianEnvelope.Read.Ok ok = (HessianEnvelope.Read.Ok) read;
        int p = body.position();
        int length = body.remaining();
        var details = new HessianDetails(ok.version(), ok.arguments(), length, (Long) ok.valueBytes(), ok.values(), ok.faultCode(), ok.faultMessage());
        String method = request != null ? request.info().method() : ok.method();
        MessageInfo info = new MessageInfo(null, null, method, method, null, details);
        Direction d = role == Role.REQUEST ? Direction.C2S : Direction.S2C;
        Phase phase = request != null ? request.phase() : Phase.INVOCATION;
        return new DecodeStep.Decoded<>(new Message(HESSIAN, ok.type(), phase, d, offset, length, offset + (ok.dataStart() - p),
                ok.dataEnd() - ok.dataStart(), role, -1, info), length);
    }
}
