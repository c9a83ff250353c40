package io.wireanalyze.protocol.giop;

import io.wireanalyze.codec.Failure;
import io.wireanalyze.codec.Hex;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.protocol.InputState;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import io.wireanalyze.protocol.ProtocolSession;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.protocol.SessionContext;
import io.wireanalyze.tcp.Direction;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * GIOP 1.0-1.2 (and ZIOP) for one connection: length framing on the 12-byte header, then each message's header
 * parsed structurally ({@link GiopParser}, {@link GiopBodies}). State is only changed by a decoded message, so
 * the result does not depend on how the bytes were split.
 * <p>
 * Phases follow {@link GiopPhaseRules}. A Fragment takes the phase, request id and operation of the message it
 * continues (GIOP 1.1: the direction's last message with the more-fragments flag; 1.2: the one with its request id).
 */
public final class GiopSession implements ProtocolSession {

    /** Most requests remembered while awaiting their replies (oneway requests never get one). */
    static final int MAX_PENDING = 4096;

    /** A message whose fragments follow, and how many have come. */
    private record Continued(Message message, int fragments) {
    }

    private final DecoderLimits limits;
    private final GiopNaming naming;
    private final GiopBodies bodies;
    private final Map<Long, Message> requests = bounded();
    private final Map<Long, Message> locates = bounded();
    private final Continued[] open11 = new Continued[2];                           // by direction
    @SuppressWarnings("unchecked")
    private final Map<Long, Continued>[] open12 = new Map[]{bounded(), bounded()};   // by direction, by request id
    private boolean applicationSeen;

    /** @param context its limits, and the facts of the capture where naming contexts handed out are told and asked */
    public GiopSession(SessionContext context) {
        this.limits = context.limits();
        this.naming = new GiopNaming(context.facts());
        this.bodies = new GiopBodies(this.naming, limits.maxStringChars());
    }

    @Override
    public DecodeStep<Message> decode(Direction d, ByteBuffer in, long offset, InputState state) {
        int p = in.position();
        if (in.remaining() >= 4 && !GiopHeader.magicAt(in, p))
            return new DecodeStep.Malformed<>(offset, "giop.magic", Hex.padded(Integer.toUnsignedLong(in.getInt(p)))
                    + " (expected: 0x47494f50 \"GIOP\" or 0x5a494f50 \"ZIOP\")");
        if (in.remaining() < GiopHeader.LENGTH) return new DecodeStep.NeedMore<>(GiopHeader.LENGTH);
        GiopHeader h = GiopHeader.read(in, p);
        Failure problem = h.problem(limits.maxMessageBytes());
        if (problem != null) return new DecodeStep.Malformed<>(problem.shifted(offset));
        int total = h.totalLength();
        if (in.remaining() < total) return new DecodeStep.NeedMore<>(total);
        ByteBuffer msg = in.duplicate().order(h.byteOrder());
        if (h.magic() == GiopHeader.Magic.ZIOP) return new DecodeStep.Decoded<>(ziop(d, h, msg, p, offset), total);
        GiopParser.Fields f = GiopParser.parse(h, msg, p, limits.maxStringChars());
        CdrReader r = f.reader;
        if (!r.ok() && !(r.underflow() && h.moreFragments())) return malformed(h, r, offset, p);
        GiopBodies.Body body = bodies.interpret(h, f, msg, p, requestFor(h, f));
        if (body.failure() != null) return malformed(h, body.failure(), offset, p);
        Message m = message(d, h, f, body, offset, p);
        remember(d, h, m);
        return new DecodeStep.Decoded<>(m, total);
    }

    /**
     * A message whose content does not parse. Running out of bytes inside the declared size means the size is
     * wrong: that is reported on {@code giop.len}, so the offset lies inside the message.
     */
    private static DecodeStep<Message> malformed(GiopHeader h, CdrReader r, long offset, int p) {
        if (r.underflow())
            return new DecodeStep.Malformed<>(offset + 8, "giop.len", h.size() + " (expected: room for "
                    + r.failField() + ", which " + r.failReason() + ")");
        return new DecodeStep.Malformed<>(r.failure().shifted(offset - p));
    }

    @Override
    public int resync(Direction d, ByteBuffer in) {
        int p = in.position();
        for (int i = 0; i + 4 <= in.remaining(); i++) {
            if (GiopHeader.magicAt(in, p + i)) return i;
        }
        return -1;
    }

    /** The earlier message a reply, cancel or fragment refers to, or null. */
    private Message requestFor(GiopHeader h, GiopParser.Fields f) {
        return switch (h.messageType()) {
            case REPLY, CANCEL_REQUEST -> requests.get(f.requestId);
            case LOCATE_REPLY -> locates.get(f.requestId);
            default -> null;
        };
    }

    private Message message(Direction d, GiopHeader h, GiopParser.Fields f, GiopBodies.Body body, long offset, int p) {
        GiopMessageType type = h.messageType();
        Message earlier = requestFor(h, f);
        Continued continued = null;
        if (type == GiopMessageType.FRAGMENT)
            continued = h.minor() >= 2 ? open12[d.ordinal()].get(f.requestId) : open11[d.ordinal()];
        Message of = continued == null ? null : continued.message();
        Phase phase = GiopPhaseRules.of(type, body.naming(), type == GiopMessageType.FRAGMENT ? of : earlier, applicationSeen);
        Role role = switch (type) {
            case REQUEST -> Role.REQUEST;
            case REPLY -> Role.REPLY;
            case FRAGMENT -> of != null ? Role.CONTINUATION : Role.NONE;
            default -> Role.NONE;
        };
        long requestId = f.requestId;
        MessageInfo info = body.info();
        if (of != null) {
            requestId = of.requestId();
            info = new MessageInfo(of.info().objId(), null, of.info().method(), of.info().operation(), of.info().name(),
                    ((GiopDetails) info.details()).asFragment(of.type().label(), continued.fragments() + 1));
        }
        if (type == GiopMessageType.REQUEST || type == GiopMessageType.REPLY || type == GiopMessageType.FRAGMENT) {
            long dataOffset = offset + (f.bodyStart - p);
            return new Message(Giop.NAME, type, phase, d, offset, h.totalLength(), dataOffset,
                    f.end - f.bodyStart, role, requestId, info);
        }
        return new Message(Giop.NAME, type, phase, d, offset, h.totalLength(), offset, 0, role, requestId, info);
    }

    /** State a decoded message changes: pending requests, open fragment chains, the first application request. */
    private void remember(Direction d, GiopHeader h, Message m) {
        int dir = d.ordinal();
        switch (h.messageType()) {
            case REQUEST -> {
                requests.put(m.requestId(), m);
                if (m.phase() == Phase.INVOCATION) applicationSeen = true;
            }
            case REPLY -> requests.remove(m.requestId());
            case LOCATE_REQUEST -> locates.put(m.requestId(), m);
            case LOCATE_REPLY -> locates.remove(m.requestId());
            default -> { }
        }
        if (h.messageType() == GiopMessageType.FRAGMENT) {
            Continued c = h.minor() >= 2 ? open12[dir].get(m.requestId()) : open11[dir];
            Continued next = c == null ? null : new Continued(c.message(), c.fragments() + 1);
            if (h.minor() >= 2) {
                if (next != null && h.moreFragments()) open12[dir].put(m.requestId(), next); else open12[dir].remove(m.requestId());
            } else {
                open11[dir] = next != null && h.moreFragments() ? next : null;
            }
        } else if (h.moreFragments()) {
            if (h.minor() >= 2) open12[dir].put(m.requestId(), new Continued(m, 0)); else open11[dir] = new Continued(m, 0);
        } else if (h.minor() == 1) {
            open11[dir] = null;   // GIOP 1.1 fragments follow their message directly: a whole message ends any chain
        }
    }

    /** A ZIOP message: the compressed GIOP message is not inflated; its size and compressor are reported. */
    private Message ziop(Direction d, GiopHeader h, ByteBuffer msg, int p, long offset) {
        int end = p + h.totalLength();
        CdrReader r = new CdrReader(msg, p, p + GiopHeader.LENGTH, end, limits.maxStringChars());
        int compressor = r.ushort("ziop.compressor_id");
        long originalLength = r.ulong("ziop.original_length");
        GiopDetails.Builder extra = new GiopDetails.Builder();
        extra.giopVersion = h.version();
        extra.byteOrder = GiopBodies.byteOrder(h);
        GiopMessageType inner = h.messageType();
        extra.compressedType = inner == null ? Integer.toString(h.type()) : inner.label();
        if (r.ok()) {
            extra.compressor = GiopNames.compressor(compressor);
            extra.originalLength = originalLength;
        }
        int dataStart = r.ok() ? r.position() : p + GiopHeader.LENGTH;
        applicationSeen = true;
        return new Message(Giop.NAME, ZiopMessageType.ZIOP, GiopPhaseRules.ziop(), d, offset, h.totalLength(),
                offset + (dataStart - p), end - dataStart, Role.NONE, -1, MessageInfo.of(extra.build()));
    }

    private static <V> Map<Long, V> bounded() {
        return new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, V> eldest) {
                return size() > MAX_PENDING;
            }
        };
    }
}
