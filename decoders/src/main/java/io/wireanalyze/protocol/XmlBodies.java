package io.wireanalyze.protocol;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.codec.Failure;
import io.wireanalyze.codec.xml.XmlInput;
import io.wireanalyze.codec.xml.XmlNames;
import io.wireanalyze.codec.xml.XmlOpened;
import io.wireanalyze.codec.xml.XmlWalk;

import javax.xml.stream.XMLStreamReader;
import java.nio.ByteBuffer;
import java.util.function.Function;

/**
 * What the XML call formats (Burlap, XML-RPC) share: a request is claimed by its root element's name, and a document
 * is read by walking it ({@link XmlWalk}, within the XML limits) with a visitor of the format's, whose findings the
 * format then turns into a message.
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
        V v = visitor.apply(in);
        XmlWalk.Walked walked = XmlWalk.walk(in, doc.position(), offset, limits.xml(), v);
        if (walked instanceof XmlWalk.Walked.Stopped s) return new Walked<>(null, 0, doc.position(), s.failure());
        return new Walked<>(v, ((XmlWalk.Walked.Done) walked).elements(), doc.position(), null);
    }

    /** A root other than the one expected, as a failure of field {@code field}; null when it is the one. */
    protected static Failure wrongRoot(long offset, String field, String root, String expected) {
        return expected.equals(root) ? null : new Failure(offset, field, "root element " + root + " (expected: " + expected + ")");
    }
}
