package io.wireanalyze.codec.xml;

import com.fasterxml.aalto.stax.InputFactoryImpl;
import io.wireanalyze.codec.Failure;
import org.codehaus.stax2.XMLStreamReader2;
import org.codehaus.stax2.io.Stax2ByteArraySource;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.ByteArrayInputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One XML document (an HTTP body) opened for a streaming parser (StAX), hardened: no DTD is processed
 * ({@code SUPPORT_DTD=false}: a DOCTYPE is reported, never read for entities, so neither entity expansion nor an
 * external entity can happen), external entities off, no coalescing of text. Supported encodings: UTF-8, UTF-16,
 * ISO-8859-1, US-ASCII, named by a byte order mark, the media type's charset or the XML declaration, in that order
 * (RFC 7303 section 3).
 *
 * <p>Two parsers, one result. A UTF-8 document with namespaces (SOAP, WSDL, XML-RPC: nearly every body) is read by
 * Aalto's byte-based parser straight from the body's array: no copy, no character decoding, a parser that costs
 * little to set up (its buffers recycled per thread, its symbol table shared by the factory) and that reports
 * where each tag ends as a byte index ({@link #tagEnd}). Aalto checks UTF-8 as strictly as the JDK's decoder, and it
 * does not expand an entity it was not told of: it reports it, and {@link XmlWalk} fails the document as the JDK's
 * parser would. A UTF-8 document of names as written (Burlap's undeclared {@code burlap:} prefix, which Aalto always
 * refuses) is read by Aalto too, inside an element of ours that declares the prefix ({@link #wrapped}), and again by
 * the JDK's parser wherever that reading could say otherwise ({@link XmlWalk}). The rest (UTF-16, ISO-8859-1,
 * US-ASCII; a media type's charset that contradicts the declaration; a document of names as written that opens with
 * an XML declaration, or that the wrapped reading gave up on) is read by the JDK's parser over characters decoded
 * here, strictly, so that its character offsets map back to byte offsets ({@link #byteOffset}). Measured in
 * {@code XmlParserBenchmark} (docs/benchmark.md).
 */
public final class XmlInput implements XmlOpened {

    /** One per thread: the StAX API does not promise that a factory may be shared (connections decode on workers). */
    private static final ThreadLocal<XMLInputFactory> FACTORY = ThreadLocal.withInitial(() -> hardened(XmlNames.NAMESPACES));
    private static final ThreadLocal<XMLInputFactory> AS_WRITTEN = ThreadLocal.withInitial(() -> hardened(XmlNames.AS_WRITTEN));
    /** Aalto's factory, one per thread like the JDK's (its symbol table is shared by the readers it makes). */
    private static final ThreadLocal<XMLInputFactory> AALTO = ThreadLocal.withInitial(XmlInput::hardenedAalto);
    /** The XML declaration's encoding, as {@link #declared} reads it (kept as the definition {@code XmlInputTest} checks). */
    static final Pattern DECLARED = Pattern.compile("^<\\?xml[^>]*?encoding\\s*=\\s*[\"']([A-Za-z0-9._-]{1,40})[\"']");
    /** The media type's charset parameter, as {@link #charsetOf} reads it (kept as the definition {@code XmlInputTest} checks). */
    static final Pattern CHARSET = Pattern.compile("(?i);\\s*charset\\s*=\\s*\"?([A-Za-z0-9._-]{1,40})");

    /** How the body's characters are encoded: how a character offset becomes a byte offset. */
    private enum Width { UTF8, ONE_BYTE, UTF16 }

    private final ByteBuffer bytes;
    private final int start;
    private final Width width;
    private final Charset charset;
    private final XmlNames names;
    /** Read by Aalto from the body's array (UTF-8, namespaces), not by the JDK's parser over decoded characters. */
    private final boolean aalto;
    /**
     * Names as written (Burlap) read by Aalto all the same: the body inside an element of ours that declares the
     * {@code burlap} prefix ({@link #WRAPPER_OPEN}), the body's bytes read where they are. {@link XmlWalk} trusts such
     * a reading only where it says what the JDK's parser would (a whole document, no failure); else it reads the
     * document again {@link #unwrapped()}.
     */
    private final boolean wrapped;
    // The monotonic cursor of byteOffset (UTF-8): a character offset and its byte index.
    private long cursorChar;
    private int cursorByte;

    private XmlInput(ByteBuffer bytes, int start, Width width, Charset charset) {
        this(bytes, start, width, charset, XmlNames.NAMESPACES);
    }

    private XmlInput(ByteBuffer bytes, int start, Width width, Charset charset, XmlNames names) {
        this(bytes, start, width, charset, names, false);
    }

    private XmlInput(ByteBuffer bytes, int start, Width width, Charset charset, XmlNames names, boolean aalto) {
        this(bytes, start, width, charset, names, aalto, true);
    }

    private XmlInput(ByteBuffer bytes, int start, Width width, Charset charset, XmlNames names, boolean aalto, boolean mayWrap) {
        this.aalto = aalto && names == XmlNames.NAMESPACES && width == Width.UTF8 && bytes.hasArray();
        this.wrapped = mayWrap && aalto && names == XmlNames.AS_WRITTEN && width == Width.UTF8 && bytes.hasArray()
                && !declaration(bytes, start);
        this.bytes = bytes;
        this.start = start;
        this.width = width;
        this.charset = charset;
        this.names = names;
        this.cursorByte = start;
    }

    /** The same document, its element names to be read as written ({@link XmlNames#AS_WRITTEN}); before any reading. */
    public XmlInput named(XmlNames n) {
        return new XmlInput(bytes, start, width, charset, n, aalto);
    }

    /** Whether Aalto reads this document (its offsets then bytes, {@link #tagEnd}). */
    boolean aalto() {
        return aalto;
    }

    /** Whether Aalto reads this document of names as written inside an element of ours ({@link #wrapped}). */
    boolean wrapped() {
        return wrapped;
    }

    /** The same document for the JDK's parser, names as written: what a {@link #wrapped} reading falls back to. */
    XmlInput unwrapped() {
        return wrapped ? new XmlInput(bytes, start, width, charset, names, false, false) : this;
    }

    /**
     * What the body is read inside when {@link #wrapped}: an element that binds the prefix Burlap writes and never
     * declares. The element's own name cannot be one of a Burlap document's (they have no hyphen and no dot).
     */
    private static final byte[] WRAPPER_OPEN = "<wireanalyze.as-written xmlns:burlap=\"urn:wireanalyze:burlap\">"
            .getBytes(StandardCharsets.US_ASCII);
    private static final byte[] WRAPPER_CLOSE = "</wireanalyze.as-written>".getBytes(StandardCharsets.US_ASCII);

    /** Whether the document at {@code p} opens with an XML declaration, which nothing may come before. */
    private static boolean declaration(ByteBuffer body, int p) {
        return body.limit() - p >= 5 && body.get(p) == '<' && body.get(p + 1) == '?' && body.get(p + 2) == 'x'
                && body.get(p + 3) == 'm' && body.get(p + 4) == 'l';
    }

    /** Whether the body's bytes from {@code from} to {@code to} are all white space (XML's: space, tab, CR, LF). */
    boolean blank(int from, int to) {
        for (int i = Math.max(from, start); i < Math.min(to, bytes.limit()); i++) if (!isSpace(bytes.get(i))) return false;
        return true;
    }

    /** The index just past the body. */
    int end() {
        return bytes.limit();
    }

    /** The index of the body's first byte (past a byte order mark). */
    int start() {
        return start;
    }

    /**
     * Aalto's factory, hardened as the JDK's: no DTD (Aalto never reads one for entities; a DOCTYPE is only
     * reported), no external entities, no coalescing, and entities it was not told of reported instead of expanded
     * (Aalto knows the five predefined ones and character references; with none other declared, a reference to another
     * is an error, said by {@link XmlWalk} as the JDK's parser says it).
     */
    private static XMLInputFactory hardenedAalto() {
        XMLInputFactory f = new InputFactoryImpl();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, false);
        f.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        f.setXMLResolver((publicId, systemId, base, ns) -> {
            throw new XMLStreamException("external resource " + systemId + " (expected: none, nothing is fetched)");
        });
        return f;
    }

    /** The factory every document of this package is read with; thread-safe once configured. */
    private static XMLInputFactory hardened(XmlNames names) {
        XMLInputFactory f = XMLInputFactory.newDefaultFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, false);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, names == XmlNames.NAMESPACES);
        f.setXMLResolver((publicId, systemId, base, ns) -> {
            throw new XMLStreamException("external resource " + systemId + " (expected: none, nothing is fetched)");
        });
        // The JDK's reader, once closed, is reset and given the next document instead of a new one being set up
        // (an entity manager, a symbol table, scanners: most of the cost of a small body). The factory is the
        // thread's own, and every reader of this class is closed before the next is asked for (XmlWalk, sniffRoot).
        f.setProperty(REUSE_INSTANCE, true);
        return f;
    }

    /** The JDK factory's property (com.sun.xml.internal.stream.XMLInputFactoryImpl) that reuses a closed reader. */
    private static final String REUSE_INSTANCE = "reuse-instance";

    /**
     * The body from its position to its limit, or a failure at {@code offset} naming an encoding it cannot read.
     *
     * @param contentType the outer layer's media type (its charset parameter), or null
     */
    public static XmlOpened open(ByteBuffer body, long offset, String contentType) {
        int p = body.position();
        int n = body.remaining();
        if (n >= 3 && (body.get(p) & 0xff) == 0xEF && (body.get(p + 1) & 0xff) == 0xBB && (body.get(p + 2) & 0xff) == 0xBF)
            return new XmlInput(body, p + 3, Width.UTF8, StandardCharsets.UTF_8, XmlNames.NAMESPACES, declaresUtf8(body, p + 3));
        if (n >= 2 && (body.get(p) & 0xff) == 0xFE && (body.get(p + 1) & 0xff) == 0xFF)
            return new XmlInput(body, p + 2, Width.UTF16, StandardCharsets.UTF_16BE);
        if (n >= 2 && (body.get(p) & 0xff) == 0xFF && (body.get(p + 1) & 0xff) == 0xFE)
            return new XmlInput(body, p + 2, Width.UTF16, StandardCharsets.UTF_16LE);
        String named = contentType == null ? null : charsetOf(contentType);
        boolean fromMediaType = named != null;
        if (named == null && declaration(body, p)) named = declared(body, p);
        String name = named == null ? "UTF-8" : named.toUpperCase(Locale.ROOT);
        return switch (name) {
            case "UTF-8", "UTF8" -> new XmlInput(body, p, Width.UTF8, StandardCharsets.UTF_8, XmlNames.NAMESPACES,
                    !fromMediaType || declaresUtf8(body, p));
            case "ISO-8859-1", "LATIN1", "ISO8859-1" -> new XmlInput(body, p, Width.ONE_BYTE, StandardCharsets.ISO_8859_1);
            case "US-ASCII", "ASCII" -> new XmlInput(body, p, Width.ONE_BYTE, StandardCharsets.US_ASCII);
            case "UTF-16BE" -> new XmlInput(body, p, Width.UTF16, StandardCharsets.UTF_16BE);
            case "UTF-16LE" -> new XmlInput(body, p, Width.UTF16, StandardCharsets.UTF_16LE);
            default -> new XmlOpened.Unsupported(new Failure(offset, "xml.encoding", named + " (expected: UTF-8, UTF-16, ISO-8859-1 or US-ASCII)"));
        };
    }

    /**
     * Whether the document at {@code p} declares no encoding or UTF-8: Aalto reads it in the encoding it declares,
     * and the media type's charset, which comes first (RFC 7303), must not say otherwise.
     */
    private static boolean declaresUtf8(ByteBuffer body, int p) {
        if (!declaration(body, p)) return true;
        String named = declared(body, p);
        if (named == null) return true;
        String declared = named.toUpperCase(Locale.ROOT);
        return declared.equals("UTF-8") || declared.equals("UTF8");
    }

    /**
     * The encoding the XML declaration at {@code p} names: what {@link #DECLARED} finds in the body's first 200 bytes
     * read as ISO-8859-1 (its group), or null; matched here, byte by byte, without a string, an array or a matcher
     * for each body (every body is opened more than once: claimed, then read). {@code XmlInputTest} holds the two to
     * the same answer.
     */
    static String declared(ByteBuffer body, int p) {
        if (!declaration(body, p)) return null;
        int end = p + Math.min(body.limit() - p, 200);
        // [^>]*? : each later position in turn, up to the first '>'
        for (int i = p + 5; i < end && body.get(i) != '>'; i++) {
            int q = i;
            for (int k = 0; k < ENCODING.length; k++, q++) {
                if (q >= end || body.get(q) != ENCODING[k]) { q = -1; break; }
            }
            if (q < 0) continue;
            while (q < end && isRegexSpace(body.get(q))) q++;
            if (q >= end || body.get(q) != '=') continue;
            q++;
            while (q < end && isRegexSpace(body.get(q))) q++;
            if (q >= end || (body.get(q) != '"' && body.get(q) != '\'')) continue;
            int from = ++q;
            while (q < end && q - from <= 40 && isNameByte(body.get(q))) q++;
            int length = q - from;
            if (length < 1 || length > 40 || q >= end || (body.get(q) != '"' && body.get(q) != '\'')) continue;
            byte[] name = new byte[length];
            body.get(from, name);
            return new String(name, StandardCharsets.ISO_8859_1);
        }
        return null;
    }

    private static final byte[] ENCODING = "encoding".getBytes(StandardCharsets.US_ASCII);

    /**
     * The charset a media type names: what {@link #CHARSET} finds in it (its group), or null; matched here, character by
     * character, without a matcher for each body opened (every body is opened more than once: claimed, then read).
     * {@code XmlInputTest} holds the two to the same answer.
     */
    static String charsetOf(String contentType) {
        int n = contentType.length();
        for (int i = contentType.indexOf(';'); i >= 0; i = contentType.indexOf(';', i + 1)) {
            int q = i + 1;
            while (q < n && isRegexSpace(contentType.charAt(q))) q++;
            int k = 0;
            while (k < CHARSET_WORD.length() && q < n && asciiIgnoringCase(contentType.charAt(q), CHARSET_WORD.charAt(k))) {
                q++;
                k++;
            }
            if (k < CHARSET_WORD.length()) continue;
            while (q < n && isRegexSpace(contentType.charAt(q))) q++;
            if (q >= n || contentType.charAt(q) != '=') continue;
            q++;
            while (q < n && isRegexSpace(contentType.charAt(q))) q++;
            if (q < n && contentType.charAt(q) == '"') q++;   // "? : without it, a '"' is no name character either
            int from = q;
            while (q < n && q - from < 40 && isNameChar(contentType.charAt(q))) q++;
            if (q > from) return contentType.substring(from, q);
        }
        return null;
    }

    private static final String CHARSET_WORD = "charset";

    /** {@code c} is the lower-case ASCII letter {@code lower} in either case (the pattern's (?i), ASCII only). */
    private static boolean asciiIgnoringCase(char c, char lower) {
        return c == lower || c == lower - ('a' - 'A');
    }

    private static boolean isRegexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** [A-Za-z0-9._-] */
    private static boolean isNameChar(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    }

    /** A character of the regular expression's {@code \s}: [ \t\n\x0B\f\r]. */
    private static boolean isRegexSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == 0x0B || b == '\f' || b == '\r';
    }

    /** [A-Za-z0-9._-] */
    private static boolean isNameByte(byte b) {
        return (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9') || b == '.' || b == '_' || b == '-';
    }

    /**
     * The body read as ISO-8859-1, whatever it declares: to recognise an Envelope whose encoding {@link #open} refuses,
     * so that its request says why instead of going unclaimed.
     */
    public static XmlInput latin1(ByteBuffer body) {
        return new XmlInput(body, body.position(), Width.ONE_BYTE, StandardCharsets.ISO_8859_1);
    }

    /**
     * Whether the document begins, after at most an XML declaration and white space, with a start tag whose name as
     * written cannot be {@code name} (an ASCII name): told from its bytes, without a parser, in an encoding where ASCII
     * characters take one byte each. False when only a parser can say (a comment, a processing instruction or a DTD
     * first, UTF-16, the name's bytes there).
     */
    public boolean opensWithOtherThan(String name) {
        int p = rootTag();
        if (p < 0) return false;
        int end = bytes.limit();
        for (int i = 0; i < name.length(); i++) {
            if (p + 1 + i >= end || bytes.get(p + 1 + i) != name.charAt(i)) return true;
        }
        return false;
    }

    /**
     * Whether the document begins, as {@link #opensWithOtherThan} reads it, with a start tag whose local name (its
     * name as written after its last colon) cannot be {@code local} (an ASCII name): an {@code Envelope} is told from
     * a Burlap call or an XML-RPC one without a parser. False when only a parser can say, or when the name as written
     * does not end before the body does.
     */
    public boolean opensWithOtherLocalNameThan(String local) {
        int p = rootTag();
        if (p < 0) return false;
        int end = bytes.limit(), from = p + 1, to = from;
        while (to < end) {
            byte b = bytes.get(to);
            if (isSpace(b) || b == '>' || b == '/') break;
            if (b == ':') from = to + 1;
            to++;
        }
        if (to == end || to == p + 1) return false;
        if (to - from != local.length()) return true;
        for (int i = 0; i < local.length(); i++) {
            if (bytes.get(from + i) != local.charAt(i)) return true;
        }
        return false;
    }

    /**
     * The index of the '<' of the document's first start tag, past at most an XML declaration and white space, when
     * its bytes say so in an encoding where ASCII characters take one byte each; else -1 (only a parser can say).
     */
    private int rootTag() {
        if (width == Width.UTF16) return -1;
        int p = start, end = bytes.limit();
        if (end - p > 6 && declaration(bytes, p) && isSpace(bytes.get(p + 5))) {
            // Past an XML declaration, to the first '?>' (one in a quoted value leaves a quote next: the parser says).
            int q = p + 6;
            while (q + 1 < end && !(bytes.get(q) == '?' && bytes.get(q + 1) == '>')) q++;
            if (q + 1 >= end) return -1;
            p = q + 2;
            while (p < end && isSpace(bytes.get(p))) p++;
        }
        if (end - p < 2 || bytes.get(p) != '<' || bytes.get(p + 1) == '?' || bytes.get(p + 1) == '!') return -1;
        return p;
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\r' || b == '\n';
    }

    /**
     * A hardened streaming reader over the document's characters, decoded strictly; when {@link #wrapped}, Aalto's
     * over the body inside the wrapper element (which {@link XmlWalk} looks past).
     */
    XMLStreamReader reader() throws XMLStreamException {
        if (wrapped) {
            // The wrapper's opening tag, the body's bytes where they are, the wrapper's closing tag: one stream.
            return AALTO.get().createXMLStreamReader(new SequenceInputStream(new ByteArrayInputStream(WRAPPER_OPEN),
                    new SequenceInputStream(new ByteArrayInputStream(bytes.array(), bytes.arrayOffset() + start, bytes.limit() - start),
                            new ByteArrayInputStream(WRAPPER_CLOSE))));
        }
        return reader(CodingErrorAction.REPORT);
    }

    /**
     * The same, with bytes not valid in the encoding replaced: for a look at the root element only (the decoder reads
     * ahead, so a bad byte far into the body must not hide the Envelope; reading the whole document then says where).
     */
    public XMLStreamReader sniffingReader() throws XMLStreamException {
        return reader(CodingErrorAction.REPLACE);
    }

    /**
     * What {@code atRoot} makes of the root element, found past at most {@code maxEvents} prolog events (comments,
     * processing instructions, a DTD looked past, not read) with the {@link #sniffingReader}; null when the body is not
     * XML or has no root there. When Aalto stops before the root (a byte not valid in UTF-8, say), the JDK's lenient
     * reader has a second look, so that a body is claimed exactly as before.
     */
    public <T> T sniffRoot(int maxEvents, java.util.function.Function<XMLStreamReader, T> atRoot) {
        if (wrapped) {
            Found<T> found = sniffWrapped(atRoot);
            if (found != null) return found.value();
        }
        try {
            return sniffRoot(sniffingReader(), maxEvents, atRoot);
        } catch (XMLStreamException | RuntimeException notXml) {
            if (!aalto) return null;
        }
        try {
            return sniffRoot(jdkReader(CodingErrorAction.REPLACE), maxEvents, atRoot);
        } catch (XMLStreamException | RuntimeException notXml) {
            return null;
        }
    }

    /** What {@code atRoot} made of the root element (null among its answers). */
    record Found<T>(T value) {
    }

    /**
     * What {@code atRoot} makes of the root element of a {@link #wrapped} document, read by Aalto inside the wrapper,
     * when the document opens on that start tag past white space alone (its bytes, not a reference to a space): the
     * JDK's parser then shows the same start tag first, and its name as written is Aalto's prefix and local name. Null
     * on anything else before it (a comment, a processing instruction, a DTD, text) and on any failure (an unbound
     * prefix, a byte not valid in UTF-8): the JDK's parser says then, as for every document of names as written before.
     * So a Burlap call is claimed without a JDK parser set up for it.
     */
    <T> Found<T> sniffWrapped(java.util.function.Function<XMLStreamReader, T> atRoot) {
        XMLStreamReader r = null;
        try {
            r = reader();
            if (r.next() != XMLStreamConstants.START_ELEMENT) return null;   // the wrapper
            int event = r.next();
            while (event == XMLStreamConstants.CHARACTERS) event = r.next();   // white space, or a reference to it: the bytes say
            if (event != XMLStreamConstants.START_ELEMENT || !blank(start, tagStart(tagEnd(r)))) return null;
            return new Found<>(atRoot.apply(r));
        } catch (XMLStreamException | RuntimeException failed) {
            return null;
        } finally {
            XmlWalk.close(r);
        }
    }

    private static <T> T sniffRoot(XMLStreamReader r, int maxEvents, java.util.function.Function<XMLStreamReader, T> atRoot)
            throws XMLStreamException {
        try {
            for (int i = 0; i < maxEvents && r.hasNext(); i++) {
                if (r.next() == XMLStreamConstants.START_ELEMENT) return atRoot.apply(r);
            }
            return null;
        } finally {
            r.close();
        }
    }

    private XMLStreamReader reader(CodingErrorAction onError) throws XMLStreamException {
        if (aalto) {
            return AALTO.get().createXMLStreamReader(new Stax2ByteArraySource(bytes.array(), bytes.arrayOffset() + start,
                    bytes.limit() - start));
        }
        return jdkReader(onError);
    }

    /**
     * The JDK's reader over the characters, decoded strictly ({@code onError}). The decoder's byte buffer is the body's
     * size up to the JDK's default of 8 KiB: a small body is still decoded in one read, as with the default, without
     * 8 KiB set aside for it.
     */
    private XMLStreamReader jdkReader(CodingErrorAction onError) throws XMLStreamException {
        var decoder = charset.newDecoder().onMalformedInput(onError).onUnmappableCharacter(onError);
        ReadableByteChannel channel = new ReadableByteChannel() {
            private final ByteBuffer rest = bytes.duplicate().position(start);

            @Override
            public int read(ByteBuffer dst) {
                if (!rest.hasRemaining()) return -1;
                int n = Math.min(dst.remaining(), rest.remaining());
                dst.put(rest.slice(rest.position(), n));
                rest.position(rest.position() + n);
                return n;
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public void close() {
            }
        };
        return (names == XmlNames.NAMESPACES ? FACTORY : AS_WRITTEN).get().createXMLStreamReader(Channels.newReader(channel, decoder,
                Math.min(Math.max(bytes.limit() - start, 32), 8192)));
    }

    /**
     * The index into the body's buffer just after the current start or end tag of {@code r}, a reader of this
     * document: Aalto says it in bytes, the JDK's parser in characters ({@link #byteOffset}).
     */
    public int tagEnd(XMLStreamReader r) throws XMLStreamException {
        if (wrapped) return (int) Math.min(((XMLStreamReader2) r).getLocationInfo().getEndingByteOffset() - WRAPPER_OPEN.length + start, bytes.limit());
        if (aalto) return (int) Math.min(((XMLStreamReader2) r).getLocationInfo().getEndingByteOffset() - bytes.arrayOffset(), bytes.limit());
        return byteOffset(r.getLocation().getCharacterOffset());
    }

    /** The index into the body's buffer of the character at {@code charOffset}; offsets asked for must not go back. */
    public int byteOffset(long charOffset) {
        return switch (width) {
            case ONE_BYTE -> (int) (start + charOffset);
            case UTF16 -> (int) (start + 2 * charOffset);
            case UTF8 -> {
                if (charOffset < cursorChar) { cursorChar = 0; cursorByte = start; }
                while (cursorChar < charOffset && cursorByte < bytes.limit()) {
                    int b = bytes.get(cursorByte) & 0xff;
                    int len = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
                    cursorByte += len;
                    cursorChar += len == 4 ? 2 : 1;   // a supplementary character is two UTF-16 chars
                }
                yield Math.min(cursorByte, bytes.limit());
            }
        };
    }

    /** The index of the '<' that opens the tag ending just before index {@code end}, or {@code end} when none. */
    public int tagStart(int end) {
        int unit = width == Width.UTF16 ? 2 : 1;
        boolean littleEndian = charset == StandardCharsets.UTF_16LE;
        for (int i = end - unit; i >= start; i -= unit) {
            int c = unit == 1 ? bytes.get(i) : littleEndian ? bytes.get(i) | bytes.get(i + 1) << 8 : bytes.get(i) << 8 | bytes.get(i + 1);
            if (c == '<') return i;
        }
        return end;
    }

    /** Bytes a text takes in this document's encoding. */
    public long encodedLength(char[] text, int from, int length) {
        return switch (width) {
            case ONE_BYTE -> length;
            case UTF16 -> 2L * length;
            case UTF8 -> {
                long n = 0;
                for (int i = from; i < from + length; i++) {
                    char c = text[i];
                    n += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
                }
                yield n;
            }
        };
    }
}
