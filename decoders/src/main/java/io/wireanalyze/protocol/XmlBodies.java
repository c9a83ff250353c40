package io.wireanalyze.protocol;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.codec.Failure;
import io.wireanalyze.codec.xml.XmlInput;
import io.wireanalyze.codec.xml.XmlNames;
import io.wireanalyze.codec.xml.XmlOpened;
import io.wireanalyze.codec.xml.XmlWalk;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.tcp.Direction;

import javax.xml.stream.XMLStreamReader;
import java.nio.ByteBuffer;
import java.util.function.Function;

/**
 * What the XML call formats (Burlap, XML-RPC) share: a request is claimed by its root element's name, a document is
 * read by walking it ({@link XmlWalk}, within the XML limits) with a visitor of the format's, whose findings the
 * format then turns into a message: a call, or its reply or fault ({@link CallMessageType}), a reply named as its
 * request and in its phase.
 */
public abstract class XmlBodies implements BodyDecoder {

    /** Most prolog events (comments, processing instructions, a DTD) looked past for the root when claiming. */
    private static final int MAX_PROLOG_EVENTS = 64;

    protected final DecoderLimits limits;
    private final XmlNames names;

    protected XmlBodies(DecoderLimits limits, XmlNames names) {
        this.limits = limits;
        this.names = names;
    }

    @Override
    public final DecodeStep<Message> request(ByteBuffer body, long offset, RequestHead head) {
        return read(body, offset, head.contentType(), Role.REQUEST, null);
    }

    @Override
    public final DecodeStep<Message> reply(ByteBuffer body, long offset, Message request) {
        if (!body.hasRemaining()) return null;
        return read(body, offset, null, Role.REPLY, request);
    }

    /**
     * The message of one document, from the body's position to its limit: a request ({@code request} null, its
     * {@code contentType} as the outer layer said) or the reply to {@code request}.
     */
    protected abstract DecodeStep<Message> read(ByteBuffer body, long offset, String contentType, Role role, Message request);

    /**
     * The message a document of {@code length} bytes at {@code offset} holds: a call named {@code method} (its plain
     * name {@code operation}) in the invocation phase, or a reply or fault named as {@code request} and in its phase.
     *
     * @param dataOffset the stream offset of its data (arguments, value or fault), {@code dataLength} bytes
     */
    protected static DecodeStep<Message> decoded(ProtocolName protocol, Role role, Message request, boolean fault, String method,
                                                 String operation, Details details, long offset, int length, long dataOffset,
                                                 int dataLength) {
        MessageInfo info = request != null ? new MessageInfo(null, null, request.info().method(), request.info().operation(), null, details)
                : new MessageInfo(null, null, method, operation, null, details);
        Direction d = role == Role.REQUEST ? Direction.C2S : Direction.S2C;
        Phase phase = request != null ? request.phase() : Phase.INVOCATION;
        return new DecodeStep.Decoded<>(new Message(protocol, CallMessageType.of(role, fault), phase, d, offset, length, dataOffset,
                dataLength, role, -1, info), length);
    }

    /** The root element's name as {@link #rootName} reads it, or null when the body is not XML or has none. */
    protected final String root(ByteBuffer body, String contentType) {
        return root(body, contentType, null);
    }

    /**
     * The same, when only a root named {@code asWritten} matters (null: any): a body that opens on another start tag,
     * told from its bytes, is no such root (null) without a parser set up for it. Every POST body is offered to the
     * formats in turn, so most bodies a format sees are another's.
     */
    protected final String root(ByteBuffer body, String contentType, String asWritten) {
        if (!body.hasRemaining() || body.get(body.position()) != '<') return null;
        XmlOpened opened = XmlInput.open(body, 0, contentType);
        if (!(opened instanceof XmlInput readable)) return null;
        if (asWritten != null && readable.opensWithOtherThan(asWritten)) return null;
        return readable.named(names).sniffRoot(MAX_PROLOG_EVENTS, this::rootName);
    }

    /** The name of the root element {@code r} is at, as the format compares it; null when it cannot be the format's. */
    protected abstract String rootName(XMLStreamReader r);

    /** A document walked to its end: the visitor and the element count; or the failure that stopped it. */
    protected record Walked<V>(V visitor, long elements, int start, Failure failure) {
    }

    /**
     * Walks the document from its position to its limit with the visitor {@code visitor} makes for it.
     *
     * @param offset the stream offset of its first byte, for failures
     */
    protected final <V extends XmlWalk.Visitor> Walked<V> walk(ByteBuffer doc, long offset, String contentType,
                                                               Function<XmlInput, V> visitor) {
        XmlOpened opened = XmlInput.open(doc, offset, contentType);
        if (opened instanceof XmlOpened.Unsupported u) return new Walked<>(null, 0, doc.position(), u.failure());
        XmlInput in = ((XmlInput) opened).named(names);
        XmlWalk.Read<V> read = XmlWalk.walk(in, doc.position(), offset, limits.xml(), visitor);
        if (read.walked() instanceof XmlWalk.Walked.Stopped s) return new Walked<>(null, 0, doc.position(), s.failure());
        return new Walked<>(read.visitor(), ((XmlWalk.Walked.Done) read.walked()).elements(), doc.position(), null);
    }

    /**
     * The message of a document {@code walked} read, named {@code method} (its reader's, as read: its plain name
     * {@code operation}), its data the span the reader found (from the first byte when it found none).
     */
    protected static DecodeStep<Message> decoded(ProtocolName protocol, Role role, Message request, Walked<? extends CallReader> walked,
                                                 String method, String operation, Details details, long offset, int length) {
        CallReader c = walked.visitor();
        int p = walked.start();
        int dataStart = Math.max(c.dataStart, p);
        int dataEnd = Math.max(c.dataEnd, dataStart);
        return decoded(protocol, role, request, c.fault, method, operation, details, offset, length, offset + (dataStart - p),
                dataEnd - dataStart);
    }

    /**
     * What a call format's visitor finds in a document, whatever the format names its elements: the root, the method's
     * name, a call's arguments, whether the reply is a fault, where the data (arguments, value or fault) starts and ends
     * (buffer indices), and the bytes of value text. The format's reader fills them as the walk goes.
     */
    public abstract static class CallReader implements XmlWalk.Visitor {
        protected final XmlInput in;
        protected final int maxChars;
        protected String root;
        protected final StringBuilder method = new StringBuilder();
        protected int arguments;
        protected boolean fault;
        protected int dataStart = -1;
        protected int dataEnd = -1;
        protected long valueBytes;

        protected CallReader(XmlInput in, int maxChars) {
            this.in = in;
            this.maxChars = maxChars;
        }

        /** The root element's name as the format compares it, or null before the root. */
        public final String root() {
            return root;
        }

        /** The method's name as written, at most {@code maxChars} of it. */
        public final String method() {
            return method.toString();
        }

        /** Where the data starts (a buffer index), or -1 when the reader found no start: a call without its method. */
        public final int dataStart() {
            return dataStart;
        }

        /** A call's arguments (a reply has none). */
        public final int arguments() {
            return arguments;
        }

        /** Whether the document is a fault. */
        public final boolean fault() {
            return fault;
        }

        /** The bytes of value text, as encoded in the document. */
        public final long valueBytes() {
            return valueBytes;
        }

        /** Appends the text event's characters to {@code to}, up to {@code maxChars} in all. */
        protected final void collect(StringBuilder to, XMLStreamReader r) {
            if (to.length() < maxChars)
                to.append(r.getTextCharacters(), r.getTextStart(), Math.min(r.getTextLength(), maxChars - to.length()));
        }

        /** Counts the text event's bytes as value bytes. */
        protected final void countValue(XMLStreamReader r) {
            valueBytes += in.encodedLength(r.getTextCharacters(), r.getTextStart(), r.getTextLength());
        }
    }

    /** A root other than the one expected, as a failure of field {@code field}; null when it is the one. */
    protected static Failure wrongRoot(long offset, String field, String root, String expected) {
        return expected.equals(root) ? null : new Failure(offset, field, "root element " + root + " (expected: " + expected + ")");
    }
}
