package io.wireanalyze.protocol.burlap;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.codec.xml.XmlInput;
import io.wireanalyze.codec.xml.XmlNames;
import io.wireanalyze.codec.xml.XmlOpened;
import io.wireanalyze.codec.xml.XmlWalk;
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

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.nio.ByteBuffer;

/**
 * Caucho Burlap (Hessian's XML form) as a body format: a POST is claimed when its root element is {@code <burlap:call>}
 * (by content, on any port). Documents are read with the hardened StAX reader ({@link XmlInput}, names as written: the
 * {@code burlap:} prefix is declared nowhere) and {@link XmlWalk}: a DTD, an entity, too deep a nesting or too many
 * elements is a failure with its offset, never expanded or fetched. A call is an invocation named by its
 * {@code <method>}, its arguments the data; a reply's value or fault is its data, a fault's code and message its
 * exception ({@link BurlapReader}).
 */
public final class BurlapBodies implements BodyDecoder {

    /** The protocol's name in reports. */
    public static final ProtocolName BURLAP = new ProtocolName("burlap");

    /** The format, for the protocol table. */
    public static final BodyFormat FORMAT = new BodyFormat() {
        @Override
        public ProtocolName name() {
            return BURLAP;
        }

        @Override
        public BodyDecoder newDecoder(SessionContext context) {
            return new BurlapBodies(context.limits());
        }
    };

    /** Most prolog events looked past for the root when claiming. */
    private static final int MAX_PROLOG_EVENTS = 64;

    private final DecoderLimits limits;

    private BurlapBodies(DecoderLimits limits) {
        this.limits = limits;
    }

    @Override
    public boolean claims(ByteBuffer body, RequestHead head) {
        return body.hasRemaining() && (body.get(body.position()) == '<') && BurlapReader.CALL.equals(root(body, head.contentType()));
    }

    @Override
    public DecodeStep<Message> request(ByteBuffer body, long offset, RequestHead head) {
        return read(body, offset, head.contentType(), Role.REQUEST, null);
    }

    @Override
    public DecodeStep<Message> reply(ByteBuffer body, long offset, Message request) {
        if (!body.hasRemaining()) return null;
        return read(body, offset, null, Role.REPLY, request);
    }

    private DecodeStep<Message> read(ByteBuffer body, long offset, String contentType, Role role, Message request) {
        XmlOpened opened = XmlInput.open(body, offset, contentType);
        if (opened instanceof XmlOpened.Unsupported u) return new DecodeStep.Malformed<>(u.failure());
        XmlInput in = ((XmlInput) opened).named(XmlNames.AS_WRITTEN);
        int p = body.position();
        BurlapReader b = new BurlapReader(in, limits.maxStringChars());
        XmlWalk.Walked walked = XmlWalk.walk(in, p, offset, limits.xml(), b);
        if (walked instanceof XmlWalk.Walked.Stopped s) return new DecodeStep.Malformed<>(s.failure());
        long elements = ((XmlWalk.Walked.Done) walked).elements();
        String expected = role == Role.REQUEST ? BurlapReader.CALL : BurlapReader.REPLY;
        if (!expected.equals(b.root))
            return new DecodeStep.Malformed<>(offset, "burlap.root", "root element " + b.root + " (expected: " + expected + ")");
        if (role == Role.REQUEST && b.dataStart < 0)
            return new DecodeStep.Malformed<>(offset, "burlap.method", "a call without <method> (expected: one, before the arguments)");
        int length = body.remaining();
        BurlapMessageType type = b.fault ? BurlapMessageType.FAULT : role == Role.REQUEST ? BurlapMessageType.CALL : BurlapMessageType.REPLY;
        var details = new BurlapDetails(role == Role.REQUEST ? b.arguments : null, length, b.valueBytes, elements,
                b.fault ? b.faultValue("code") : null, b.fault ? b.faultValue("message") : null);
        String method = request != null ? request.info().method() : b.method.toString();
        MessageInfo info = new MessageInfo(null, null, null, null, method, null, null, details);
        Direction d = role == Role.REQUEST ? Direction.C2S : Direction.S2C;
        Phase phase = request != null ? request.phase() : Phase.INVOCATION;
        int dataStart = Math.max(b.dataStart, p);
        int dataEnd = Math.max(b.dataEnd, dataStart);
        return new DecodeStep.Decoded<>(new Message(BURLAP, type, phase, d, offset, length, offset + (dataStart - p), dataEnd - dataStart,
                role, -1, info), length);
    }

    /** The root element's name as written, or null when the body is not XML (a DTD before it is looked past, not read). */
    private static String root(ByteBuffer body, String contentType) {
        XmlOpened opened = XmlInput.open(body, 0, contentType);
        if (!(opened instanceof XmlInput readable)) return null;
        XMLStreamReader r = null;
        try {
            r = readable.named(XmlNames.AS_WRITTEN).sniffingReader();
            for (int i = 0; i < MAX_PROLOG_EVENTS && r.hasNext(); i++) {
                if (r.next() == XMLStreamConstants.START_ELEMENT) return BurlapReader.name(r);
            }
            return null;
        } catch (XMLStreamException | RuntimeException notXml) {
            return null;
        } finally {
            if (r != null) {
                try {
                    r.close();
                } catch (XMLStreamException ignored) {
                    // nothing to release
                }
            }
        }
    }
}
