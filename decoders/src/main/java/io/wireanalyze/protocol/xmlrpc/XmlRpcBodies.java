package io.wireanalyze.protocol.xmlrpc;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.codec.xml.XmlInput;
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
import java.util.Locale;

/**
 * XML-RPC as a body format: a POST is claimed when its root element is {@code <methodCall>} in no namespace, or when it
 * is gzip (Apache XML-RPC's {@code Content-Encoding: gzip}) with an XML media type. A gzip body is inflated first, bounded
 * by the message size limit ({@link Inflated}: a zip bomb is a failure with its reason); documents are read with the
 * hardened StAX reader (a DTD, an entity, too deep or too many elements is a failure, never expanded or fetched). A
 * call is an invocation named by its {@code methodName}; its params are the data (the whole body when compressed), a
 * fault's faultCode and faultString the exception ({@link XmlRpcReader}).
 */
public final class XmlRpcBodies implements BodyDecoder {

    /** The protocol's name in reports. */
    public static final ProtocolName XMLRPC = new ProtocolName("xmlrpc");

    /** The format, for the protocol table. */
    public static final BodyFormat FORMAT = new BodyFormat() {
        @Override
        public ProtocolName name() {
            return XMLRPC;
        }

        @Override
        public BodyDecoder newDecoder(SessionContext context) {
            return new XmlRpcBodies(context.limits());
        }
    };

    private static final int MAX_PROLOG_EVENTS = 64;

    private final DecoderLimits limits;

    private XmlRpcBodies(DecoderLimits limits) {
        this.limits = limits;
    }

    @Override
    public boolean claims(ByteBuffer body, RequestHead head) {
        if (Inflated.isGzip(body))
            return head.contentType() != null && head.contentType().toLowerCase(Locale.ROOT).contains("xml");
        return body.hasRemaining() && XmlRpcReader.CALL.equals(root(body, head.contentType()));
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
        ByteBuffer doc = body;
        Long inflated = null;
        if (Inflated.isGzip(body)) {
            Inflated.Result r = Inflated.inflate(body, offset, limits.maxMessageBytes());
            if (r instanceof Inflated.Result.Bad bad) return new DecodeStep.Malformed<>(bad.failure());
            doc = ((Inflated.Result.Ok) r).bytes();
            inflated = (long) doc.remaining();
        }
        XmlOpened opened = XmlInput.open(doc, offset, contentType);
        if (opened instanceof XmlOpened.Unsupported u) return new DecodeStep.Malformed<>(u.failure());
        XmlInput in = (XmlInput) opened;
        int p = doc.position();
        XmlRpcReader x = new XmlRpcReader(in, limits.maxStringChars());
        XmlWalk.Walked walked = XmlWalk.walk(in, p, offset, limits.xml(), x);
        if (walked instanceof XmlWalk.Walked.Stopped s) return new DecodeStep.Malformed<>(s.failure());
        long elements = ((XmlWalk.Walked.Done) walked).elements();
        String expected = role == Role.REQUEST ? XmlRpcReader.CALL : XmlRpcReader.RESPONSE;
        if (!expected.equals(x.root))
            return new DecodeStep.Malformed<>(offset, "xmlrpc.root", "root element " + x.root + " (expected: " + expected + ")");
        if (role == Role.REQUEST && x.method.isEmpty())
            return new DecodeStep.Malformed<>(offset, "xmlrpc.methodName", "a methodCall without a methodName (expected: one)");
        int length = body.remaining();
        XmlRpcMessageType type = x.fault ? XmlRpcMessageType.FAULT : role == Role.REQUEST ? XmlRpcMessageType.CALL : XmlRpcMessageType.REPLY;
        var details = new XmlRpcDetails(role == Role.REQUEST ? x.params : null, length, inflated, x.valueBytes, elements,
                x.faultCode, x.faultString);
        String method = request != null ? request.info().method() : x.method.toString();
        MessageInfo info = new MessageInfo(null, null, null, null, method, null, null, details);
        Direction d = role == Role.REQUEST ? Direction.C2S : Direction.S2C;
        Phase phase = request != null ? request.phase() : Phase.INVOCATION;
        long dataOffset = offset;
        int dataLength = length;
        if (inflated == null) {
            int start = Math.max(x.dataStart, p);
            dataOffset = offset + (start - p);
            dataLength = Math.max(0, Math.max(x.dataEnd, start) - start);
        }
        return new DecodeStep.Decoded<>(new Message(XMLRPC, type, phase, d, offset, length, dataOffset, dataLength, role, -1, info), length);
    }

    /** The root element's local name when it is in no namespace, or null. */
    private static String root(ByteBuffer body, String contentType) {
        if (body.get(body.position()) != '<') return null;
        XmlOpened opened = XmlInput.open(body, 0, contentType);
        if (!(opened instanceof XmlInput readable)) return null;
        XMLStreamReader r = null;
        try {
            r = readable.sniffingReader();
            for (int i = 0; i < MAX_PROLOG_EVENTS && r.hasNext(); i++) {
                if (r.next() != XMLStreamConstants.START_ELEMENT) continue;
                String ns = r.getNamespaceURI();
                return ns == null || ns.isEmpty() ? r.getLocalName() : null;
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
