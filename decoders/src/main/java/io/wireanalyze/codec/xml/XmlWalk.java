package io.wireanalyze.codec.xml;

import io.wireanalyze.codec.Failure;
import io.wireanalyze.codec.XmlLimits;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Walks one document with the hardened reader of {@link XmlInput}, element by element, within {@link XmlLimits}, and
 * tells a {@link Visitor} where each tag ends in the body's buffer. A DTD is a failure (SOAP 1.1 section 3, SOAP 1.2
 * part 1 section 5: a SOAP message must not contain one; a WSDL or schema served by a SOAP stack has none either), as
 * are the limits and anything the parser rejects; the walk stops at the first.
 */
public final class XmlWalk {

    /** What the walk reports, in document order. */
    public interface Visitor {
        /**
         * A start tag ending just before buffer index {@code tagEnd}, at {@code depth} (the root is 1).
         *
         * @return a failure to stop the walk with (its offset a buffer index), or null
         */
        Failure start(XMLStreamReader r, int depth, int tagEnd);

        /** The end tag of the element at {@code depth}, ending just before {@code tagEnd}. */
        void end(XMLStreamReader r, int depth, int tagEnd);

        /** Text (or CDATA) inside the element at {@code depth}. */
        void text(XMLStreamReader r, int depth);
    }

    /** How a walk ended: through the document, or stopped by a failure. */
    public sealed interface Walked {
        /** The whole document read: its element count. */
        record Done(long elements) implements Walked {
        }

        /** Stopped at the first failure. */
        record Stopped(Failure failure) implements Walked {
        }
    }

    private XmlWalk() {
    }

    /** A walk's result and the visitor that saw the document through. */
    public record Read<V extends Visitor>(V visitor, Walked walked) {
    }

    /**
     * Walks the whole document with a visitor {@code visitors} makes for it. A document of names as written (Burlap)
     * is read by Aalto inside a wrapper element ({@link XmlInput#wrapped}) and, where that reading cannot say what the
     * JDK's parser would (anything around the root element but white space, any failure, an entity it does not know),
     * read again by the JDK's parser with a new visitor: the same result either way, the JDK's words in every failure.
     */
    public static <V extends Visitor> Read<V> walk(XmlInput in, int bodyStart, long offset, XmlLimits limits,
                                                   java.util.function.Function<XmlInput, V> visitors) {
        if (in.wrapped()) {
            V v = visitors.apply(in);
            Walked w = walkWrapped(in, limits, v);
            if (w != null) return new Read<>(v, w);
            in = in.unwrapped();
        }
        V v = visitors.apply(in);
        return new Read<>(v, walk(in, bodyStart, offset, limits, v));
    }

    /**
     * The walk of a {@link XmlInput#wrapped} document: the visitor sees what the JDK's parser would show it, depths
     * counted from the document's root, not the wrapper's. Null where this reading cannot be trusted to say the same
     * (then the document is read again): not exactly one root element with only white space around it, a failure of
     * any kind (the JDK's parser gives its own words), an entity reference.
     */
    private static Walked walkWrapped(XmlInput in, XmlLimits limits, Visitor visitor) {
        XMLStreamReader r = null;
        int raw = 0;   // depth with the wrapper's element: the document's root is at 2
        long elements = 0;
        boolean root = false;
        try {
            r = in.reader();
            while (r.hasNext()) {
                switch (r.next()) {
                    case XMLStreamConstants.START_ELEMENT -> {
                        raw++;
                        if (raw == 1) continue;   // the wrapper
                        int depth = raw - 1;
                        int at = in.tagEnd(r);
                        if (depth == 1) {
                            if (root || !in.blank(in.start(), in.tagStart(at))) return null;
                            root = true;
                        }
                        elements++;
                        if (depth > limits.maxDepth() || elements > limits.maxElements()
                                || r.getAttributeCount() + r.getNamespaceCount() > limits.maxAttributes()) return null;
                        if (visitor.start(r, depth, at) != null) return null;
                    }
                    case XMLStreamConstants.END_ELEMENT -> {
                        if (raw == 1) {
                            raw--;
                            continue;   // the wrapper
                        }
                        int at = in.tagEnd(r);
                        if (raw == 2 && !in.blank(at, in.end())) return null;
                        visitor.end(r, raw - 1, at);
                        raw--;
                    }
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA -> {
                        if (raw > 1) visitor.text(r, raw - 1);
                    }
                    case XMLStreamConstants.ENTITY_REFERENCE, XMLStreamConstants.DTD -> {
                        return null;
                    }
                    default -> { }
                }
            }
            return root && raw == 0 ? new Walked.Done(elements) : null;
        } catch (XMLStreamException | RuntimeException e) {
            return null;
        } finally {
            close(r);
        }
    }

    /**
     * Walks the whole document with one visitor (names as written by the JDK's parser: {@link #walk(XmlInput, int,
     * long, XmlLimits, java.util.function.Function)} reads them faster).
     *
     * @param offset the stream offset of the body's first byte (its buffer position), for failures
     */
    public static Walked walk(XmlInput in, int bodyStart, long offset, XmlLimits limits, Visitor visitor) {
        in = in.unwrapped();   // one visitor: no second reading to fall back to
        XMLStreamReader r = null;
        int depth = 0;
        long elements = 0;
        int at = bodyStart;
        try {
            r = in.reader();
            while (r.hasNext()) {
                int event = r.next();
                switch (event) {
                    case XMLStreamConstants.DTD -> {
                        return stopped(offset + (at - bodyStart), "xml.dtd",
                                "a document type declaration (expected: none; it is not processed, so no entity is expanded or fetched)");
                    }
                    case XMLStreamConstants.START_ELEMENT -> {
                        depth++;
                        elements++;
                        at = in.tagEnd(r);
                        // Where the tag starts (a scan back from its end) is said only in a failure: found then.
                        if (depth > limits.maxDepth())
                            return stopped(offset + (in.tagStart(at) - bodyStart), "xml.depth", "more than " + limits.maxDepth()
                                    + " nested elements (expected: <= " + limits.maxDepth() + ", the XML depth limit)");
                        if (elements > limits.maxElements())
                            return stopped(offset + (in.tagStart(at) - bodyStart), "xml.elements", "more than " + limits.maxElements()
                                    + " elements (expected: <= " + limits.maxElements() + ", the XML element limit)");
                        int attributes = r.getAttributeCount() + r.getNamespaceCount();
                        if (attributes > limits.maxAttributes())
                            return stopped(offset + (in.tagStart(at) - bodyStart), "xml.attributes", attributes + " attributes on "
                                    + r.getName() + " (expected: <= " + limits.maxAttributes() + ", the XML attribute limit)");
                        Failure stop = visitor.start(r, depth, at);
                        if (stop != null) return new Walked.Stopped(stop.shifted(offset - bodyStart));
                    }
                    case XMLStreamConstants.END_ELEMENT -> {
                        at = in.tagEnd(r);
                        visitor.end(r, depth, at);
                        depth--;
                    }
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA -> {
                        if (depth > 0) visitor.text(r, depth);
                    }
                    case XMLStreamConstants.ENTITY_REFERENCE -> {
                        // Aalto reports an entity it does not know (no DTD is read, so any but the predefined five);
                        // the JDK's parser throws, saying this: the same failure, whichever read the document.
                        if (in.aalto())
                            return stopped(offset + (at - bodyStart), "xml", "not well-formed: The entity \"" + r.getLocalName()
                                    + "\" was referenced, but not declared.");
                        return stopped(offset + (at - bodyStart), "xml.entity", "a reference to entity '" + r.getLocalName()
                                + "' (expected: none; only the predefined entities and character references are read)");
                    }
                    default -> { }
                }
            }
            return new Walked.Done(elements);
        } catch (XMLStreamException | RuntimeException e) {
            // The parser's errors (not well-formed, malformed encoding, an undeclared entity) come as exceptions: the
            // walk turns them into the failure they describe, at the last tag it saw.
            return stopped(offset + (at - bodyStart), "xml", reason(e));
        } finally {
            close(r);
        }
    }

    static void close(XMLStreamReader r) {
        if (r == null) return;
        try {
            r.close();
        } catch (XMLStreamException ignored) {
            // closing a reader over a buffer releases nothing
        }
    }

    private static Walked stopped(long offset, String field, String reason) {
        return new Walked.Stopped(new Failure(offset, field, reason));
    }

    /** The parser's message without its position prefix, on one line. */
    private static String reason(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int i = m.indexOf("Message: ");
        if (i >= 0) m = m.substring(i + "Message: ".length());
        int at = m.indexOf("\n at [row,col");   // Aalto's position suffix: the failure has its own offset
        if (at >= 0) m = m.substring(0, at);
        if (e.getCause() instanceof java.nio.charset.CharacterCodingException c) m = "not valid in its encoding: " + c;
        return "not well-formed: " + m.replaceAll("\\s+", " ").trim();
    }
}
