package io.wireanalyze.protocol;

import io.wireanalyze.phase.Phase;
import io.wireanalyze.tcp.Direction;

/**
 * One protocol message as a span of a direction's byte stream.
 *
 * @param protocol   the protocol that decoded it (for a layered protocol, its own name: {@code http-rmi})
 * @param type       message type in the report's words ({@code call}, {@code return}, {@code request}, ...;
 *                   {@link MessageType#UNPARSED} for bytes no decoder understood)
 * @param phase      the phase its packets are accounted to
 * @param direction  which way it flowed
 * @param offset     stream offset of its first byte
 * @param length     its length in bytes
 * @param dataOffset stream offset of its argument or return-value bytes (what an invocation carries as data)
 * @param dataLength length of those bytes; 0 when the message carries only headers and framing
 * @param role       request, reply or neither
 * @param requestId  the id that pairs a reply with its request, or -1 where replies answer the latest request
 * @param info       decoded fields
 */
public record Message(ProtocolName protocol, MessageType type, Phase phase, Direction direction, long offset, int length,
                      long dataOffset, int dataLength, Role role, long requestId, MessageInfo info) {

    public long end() {
        return offset + length;
    }

    /** The record's form with the type in the report's words ({@code type=call}), as error messages and tests read it. */
    @Override
    public String toString() {
        return "Message[protocol=" + protocol + ", type=" + type.label() + ", phase=" + phase + ", direction=" + direction
                + ", offset=" + offset + ", length=" + length + ", dataOffset=" + dataOffset + ", dataLength=" + dataLength
                + ", role=" + role + ", requestId=" + requestId + ", info=" + info + "]";
    }

    public Message withPhase(Phase p) {
        return new Message(protocol, type, p, direction, offset, length, dataOffset, dataLength, role, requestId, info);
    }

    /** Whether no decoder understood its bytes. */
    public boolean unparsed() {
        return type == MessageType.UNPARSED;
    }

    public Message withInfo(MessageInfo i) {
        return new Message(protocol, type, phase, direction, offset, length, dataOffset, dataLength, role, requestId, i);
    }

    /** Bytes no decoder understood, with the reason. */
    public static Message unparsed(ProtocolName protocol, Direction d, long offset, long length, String reason) {
        return new Message(protocol, MessageType.UNPARSED, Phase.UNPARSED, d, offset, (int) Math.min(length, Integer.MAX_VALUE),
                offset, 0, Role.NONE, -1, MessageInfo.of(new Details.Unparsed(reason)));
    }
}
