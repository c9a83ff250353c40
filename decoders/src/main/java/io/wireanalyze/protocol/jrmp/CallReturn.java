package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.codec.Failure;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.protocol.InputState;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import io.wireanalyze.protocol.ProtocolName;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.serial.SerialNode;
import io.wireanalyze.serial.SerialResult;
import io.wireanalyze.serial.SerialWalker;
import io.wireanalyze.tcp.Direction;

import java.nio.ByteBuffer;
import java.util.List;

import static io.wireanalyze.protocol.jrmp.JrmpConstants.DGC_ACK_LENGTH;

/**
 * JRMP framing of a Call (0x50) or ReturnData (0x51): the opcode, then a Java serialization stream that carries no
 * length and ends where its contents end, found by walking the grammar. The end is certain once a byte that cannot
 * start a content follows, or once nothing more can follow ({@link InputState}). Shared by the stream session and
 * the body decoder of other layers.
 */
final class CallReturn {

    private final SerialWalker walker;
    private final JrmpParser parser;

    CallReturn(DecoderLimits limits, JrmpParser parser) {
        this.walker = new SerialWalker(limits);
        this.parser = parser;
    }

    DecodeStep<Message> call(ByteBuffer in, int p, long offset, InputState state) {
        Walked w = walk(in, p, offset, state, "rmi.call");
        return w.step != null ? w.step : parser.call(in, p, offset, w.end - p, w.contents);
    }

    /**
     * A ReturnData answering {@code call} (null when it was not captured); {@code answered} is told once the
     * return's end is found (whether or not its header then parses), so the caller forgets the call.
     */
    DecodeStep<Message> ret(ByteBuffer in, int p, long offset, InputState state, Message call, Runnable answered) {
        Walked w = walk(in, p, offset, state, "rmi.returndata");
        if (w.step != null) return w.step;
        answered.run();
        return parser.ret(in, p, offset, w.end - p, w.contents, call);
    }

    /** A DgcAck (0x54 and the UID of the return it acknowledges) at {@code p}; the caller checked its length. */
    static Message dgcAck(ProtocolName protocol, ByteBuffer in, int p, long offset) {
        MessageInfo info = MessageInfo.of(new JrmpDetails.DgcAck(JrmpParser.uid(in, p + 1)));
        return new Message(protocol, JrmpMessageType.DGC_ACK, JrmpPhaseRules.of(JrmpMessageType.DGC_ACK), Direction.C2S,
                offset, DGC_ACK_LENGTH, offset, 0, Role.NONE, -1, info);
    }

    /** Where the stream after the opcode ends, with its contents; or the step to return instead (wait, or malformed). */
    private record Walked(int end, List<SerialNode> contents, DecodeStep<Message> step) {
    }

    private Walked walk(ByteBuffer in, int p, long offset, InputState state, String kind) {
        SerialResult walked = walker.walkStream(in, p + 1, in.limit());
        if (walked instanceof SerialResult.Complete c) return new Walked(c.end(), c.contents(), null);
        if (walked instanceof SerialResult.AtBoundary b) {
            if (state == InputState.MORE_MAY_FOLLOW) return new Walked(0, null, DecodeStep.NeedMore.lowerBound(b.end() - p + 1));
            return new Walked(b.end(), b.contents(), null);
        }
        if (walked instanceof SerialResult.NeedMore m) return new Walked(0, null, DecodeStep.NeedMore.lowerBound(1 + m.atLeast()));
        SerialResult.Malformed m = (SerialResult.Malformed) walked;
        Failure f = m.failure();
        return new Walked(0, null, new DecodeStep.Malformed<>(new Failure(offset + (f.offset() - p), kind + "." + f.field(), f.reason())));
    }
}
