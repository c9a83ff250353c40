package io.wireanalyze.protocol.soap;

import io.wireanalyze.codec.xml.XmlInput;
import io.wireanalyze.codec.xml.XmlOpened;
import io.wireanalyze.codec.xml.XmlWalk;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SOAP 1.1 and 1.2 as a body format: a request is claimed when its body's root element is an Envelope in a SOAP
 * namespace (by content, on any port, whatever its media type), or when it is a GET of the service's WSDL or a
 * schema ({@link DescriptionFetch}). Envelopes are read with the JDK's streaming parser, hardened ({@link XmlInput},
 * {@link XmlWalk}): a DTD, an entity, too deep a nesting or too many elements is a failure with its offset, never
 * expanded or fetched. An envelope is an invocation: {@code method} is its Body's first element in Clark notation
 * ({@code {http://bench.wireanalyze.io/}sendInts}; an encrypted Body's is its action when one is given), its data the
 * Body's content, the envelope, headers and HTTP framing overhead; a reply takes its request's method, a Fault its
 * code and reason as the exception. Description fetches and their documents are the naming phase, the document its
 * data.
 */
public final class SoapBodies implements BodyDecoder {

    /** The protocol's name in reports. */
    public static final ProtocolName SOAP = new ProtocolName("soap");

    /** The format, for the protocol table. */
    public static final BodyFormat FORMAT = BodyFormat.of(SOAP, context -> new SoapBodies(context.limits()));

    private static final Pattern ACTION = Pattern.compile("(?i);\\s*action\\s*=\\s*\"?([^\";]*)\"?");
    /** Most prolog events (comments, processing instructions, a DTD) looked past for the root when claiming. */
    private static final int MAX_PROLOG_EVENTS = 64;

    private final DecoderLimits limits;

    private SoapBodies(DecoderLimits limits) {
        this.limits = limits;
    }

    @Override
    public boolean claims(ByteBuffer body, RequestHead head) {
        if (!body.hasRemaining()) return DescriptionFetch.of(head) != null;
        return isEnvelope(body, head.contentType());
    }

    @Override
    public DecodeStep<Message> request(ByteBuffer body, long offset, RequestHead head) {
        if (!body.hasRemaining()) {
            DescriptionFetch fetch = DescriptionFetch.of(head);
            if (fetch == null)
                return new DecodeStep.Malformed<>(offset, "soap.request", "an empty body (expected: an Envelope, or a GET of ?wsdl or ?xsd=)");
            MessageInfo info = new MessageInfo(null, null, head.method(), null, head.target(),
                    new SoapDetails.Description(null, null, 0));
            return new DecodeStep.Decoded<>(new Message(SOAP, fetch.request(), Phase.NAMING, Direction.C2S, offset, 0, offset, 0,
                    Role.REQUEST, -1, info), 0);
        }
        return envelope(body, offset, head.contentType(), action(head), Role.REQUEST, null);
    }

    @Override
    public DecodeStep<Message> reply(ByteBuffer body, long offset, Message request) {
        if (!body.hasRemaining()) return null;   // one-way (202 Accepted), or an error without a body
        DescriptionFetch fetch = DescriptionFetch.asked(request.type());
        if (fetch != null) return description(body, offset, fetch, request);
        return envelope(body, offset, null, null, Role.REPLY, request);
    }

    private DecodeStep<Message> envelope(ByteBuffer body, long offset, String contentType, String action, Role role, Message request) {
        XmlOpened opened = XmlInput.open(body, offset, contentType);
        if (opened instanceof XmlOpened.Unsupported u) return new DecodeStep.Malformed<>(u.failure());
        XmlInput in = (XmlInput) opened;
        int p = body.position();
        EnvelopeReader e = new EnvelopeReader(in, limits.maxStringChars());
        XmlWalk.Walked walked = XmlWalk.walk(in, p, offset, limits.xml(), e);
        if (walked instanceof XmlWalk.Walked.Stopped s) return new DecodeStep.Malformed<>(s.failure());
        long elements = ((XmlWalk.Walked.Done) walked).elements();
        if (e.contentStart < 0 || e.contentEnd < 0)
            return new DecodeStep.Malformed<>(offset, "soap.body", "an Envelope without a Body (expected: one Body)");
        SoapMessageType type = e.fault ? SoapMessageType.FAULT : role == Role.REQUEST ? SoapMessageType.REQUEST : SoapMessageType.RESPONSE;
        long header = e.headerStart < 0 ? 0 : e.headerEnd - e.headerStart;
        int length = body.remaining();
        var details = new SoapDetails.Envelope(e.version, e.operation, action, length, header, e.securityBytes,
                e.contentEnd - e.contentStart, e.encrypted ? null : e.valueBytes, elements, e.encrypted, e.faultCode, e.faultReason);
        String method = request != null ? request.info().method() : e.encrypted && action != null && !action.isEmpty() ? action : e.operation;
        MessageInfo info = new MessageInfo(null, null, method, request != null ? request.info().operation() : operation(method), null, details);
        Direction d = role == Role.REQUEST ? Direction.C2S : Direction.S2C;
        Phase phase = request != null ? request.phase() : Phase.INVOCATION;
        return new DecodeStep.Decoded<>(new Message(SOAP, type, phase, d, offset, length, offset + (e.contentStart - p),
                e.contentEnd - e.contentStart, role, -1, info), length);
    }

    private DecodeStep<Message> description(ByteBuffer body, long offset, DescriptionFetch fetch, Message request) {
        XmlOpened opened = XmlInput.open(body, offset, null);
        if (opened instanceof XmlOpened.Unsupported u) return new DecodeStep.Malformed<>(u.failure());
        XmlInput in = (XmlInput) opened;
        DescriptionReader reader = new DescriptionReader(in);
        XmlWalk.Walked walked = XmlWalk.walk(in, body.position(), offset, limits.xml(), reader);
        if (walked instanceof XmlWalk.Walked.Stopped s) return new DecodeStep.Malformed<>(s.failure());
        long elements = ((XmlWalk.Walked.Done) walked).elements();
        MessageInfo q = request.info();
        MessageInfo info = new MessageInfo(null, null, q.method(), q.operation(), q.name(),
                new SoapDetails.Description(reader.root, reader.targetNamespace, elements));
        int length = body.remaining();
        return new DecodeStep.Decoded<>(new Message(SOAP, fetch.response(), Phase.NAMING, Direction.S2C, offset, length, offset,
                length, Role.REPLY, -1, info), length);
    }

    /** SOAP 1.1's SOAPAction field, or SOAP 1.2's action parameter of the media type; unquoted; null when neither. */
    /**
     * A SOAP method's plain operation: the local part of {@code {namespace}op}, or the last part of a SOAPAction
     * ({@code urn:op}, {@code http://host/Service/op}, {@code ...#op}) when the Body was encrypted.
     */
    static String operation(String method) {
        if (method == null) return null;
        int cut = Math.max(Math.max(method.lastIndexOf('}'), method.lastIndexOf(':')), Math.max(method.lastIndexOf('/'), method.lastIndexOf('#')));
        return method.substring(cut + 1);
    }

    static String action(RequestHead head) {
        String field = head.field("SOAPAction");
        if (field != null) {
            String v = field.strip();
            return v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"") ? v.substring(1, v.length() - 1) : v;
        }
        if (head.contentType() == null) return null;
        Matcher m = ACTION.matcher(head.contentType());
        return m.find() ? m.group(1) : null;
    }

    /** Whether the body's root element is an Envelope in a SOAP namespace (a DTD before it is looked past, not read). */
    static boolean isEnvelope(ByteBuffer body, String contentType) {
        if (!startsLikeXml(body)) return false;
        XmlOpened opened = XmlInput.open(body, 0, contentType);
        XmlInput in = opened instanceof XmlInput readable ? readable : XmlInput.latin1(body);
        // Every POST body is offered here (Burlap's and XML-RPC's too): a root that cannot be an Envelope, told from
        // its bytes, sets up no parser.
        if (in.opensWithOtherLocalNameThan("Envelope")) return false;
        return in.sniffRoot(MAX_PROLOG_EVENTS, r -> r.getLocalName().equals("Envelope") && SoapVersion.of(r.getNamespaceURI()) != null)
                == Boolean.TRUE;
    }

    /** A byte order mark, or '<' after white space (in one or two bytes per character): cheap before parsing. */
    private static boolean startsLikeXml(ByteBuffer body) {
        int p = body.position();
        int end = Math.min(body.limit(), p + 256);
        for (int i = p; i < end; i++) {
            int b = body.get(i) & 0xff;
            if (b == '<' || b == 0xEF || b == 0xFE || b == 0xFF) return true;
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n' && b != 0) return false;
        }
        return false;
    }
}
