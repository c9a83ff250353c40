package io.wireanalyze.jmh;

import com.fasterxml.aalto.AsyncByteArrayFeeder;
import com.fasterxml.aalto.AsyncXMLStreamReader;
import com.fasterxml.aalto.stax.InputFactoryImpl;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.codec.Failure;
import io.wireanalyze.codec.xml.XmlInput;
import io.wireanalyze.codec.xml.XmlOpened;
import io.wireanalyze.codec.xml.XmlWalk;
import org.codehaus.stax2.XMLStreamReader2;
import org.codehaus.stax2.io.Stax2ByteArraySource;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The XML parsers on the fixtures' bodies (every XML HTTP body of fixtures/soap, fixtures/xmlrpc or fixtures/burlap,
 * as sent), one operation = every body of the folder read to its end, each with a parser of its own as a message
 * gets: the JDK's StAX (Xerces) over characters decoded strictly, as {@code XmlInput} read every body before (a
 * reader set up per body, with its hardened factory kept per thread); Aalto's byte-based StAX reader over the body's
 * array; Aalto's non-blocking reader fed the body as one array; and {@code walk}, the product's {@link XmlWalk} with
 * a visitor that does nothing (the parser {@link XmlInput} picks, the limits, the tag offsets). Each parser visits the
 * same events and asks where each tag ends. Burlap's bodies bind no prefix for {@code burlap:call}, which Aalto
 * always refuses: on them only {@code jdk}, {@code walk} (Aalto over the body inside a wrapper element that declares
 * the prefix, {@code XmlInput.wrapped}) and {@code walkOneVisitor} (the JDK's parser, as {@code walk} read them before)
 * mean anything.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class XmlParserBenchmark {

    @Param({"soap", "xmlrpc", "burlap"})
    public String folder;

    private List<byte[]> bodies;
    private long bytes;

    /** Bodies and their bytes, reported by JMH as rates beside the score. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Counted {
        public long messages;
        public long bytes;
    }

    /** The factories, configured as the product configures them, one per benchmark thread. */
    @State(Scope.Thread)
    public static class Factories {
        final XMLInputFactory jdk = XMLInputFactory.newDefaultFactory();
        final InputFactoryImpl aalto = new InputFactoryImpl();

        public Factories() {
            jdk.setProperty(XMLInputFactory.SUPPORT_DTD, false);
            jdk.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
            jdk.setProperty(XMLInputFactory.IS_COALESCING, false);
            jdk.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
            aalto.setProperty(XMLInputFactory.SUPPORT_DTD, false);
            aalto.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
            aalto.setProperty(XMLInputFactory.IS_COALESCING, false);
            aalto.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        }
    }

    @Setup(Level.Trial)
    public void load() throws IOException {
        bodies = FixtureBodies.of(folder);
        bytes = 0;
        for (byte[] b : bodies) bytes += b.length;
        System.err.println(folder + ": " + bodies.size() + " bodies, " + bytes + " bytes");
    }

    private void count(Counted c) {
        c.messages += bodies.size();
        c.bytes += bytes;
    }

    @Benchmark
    public long jdk(Factories f, Counted c) throws XMLStreamException {
        long sum = 0;
        for (byte[] body : bodies) {
            var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            ByteBuffer rest = ByteBuffer.wrap(body);
            ReadableByteChannel channel = new ReadableByteChannel() {
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
            XMLStreamReader r = f.jdk.createXMLStreamReader(Channels.newReader(channel, decoder, -1));
            sum += events(r, false);
        }
        count(c);
        return sum;
    }

    @Benchmark
    public long aalto(Factories f, Counted c) throws XMLStreamException {
        long sum = 0;
        for (byte[] body : bodies) {
            XMLStreamReader r = f.aalto.createXMLStreamReader(new Stax2ByteArraySource(body, 0, body.length));
            sum += events(r, true);
        }
        count(c);
        return sum;
    }

    @Benchmark
    public long aaltoAsync(Factories f, Counted c) throws XMLStreamException {
        long sum = 0;
        for (byte[] body : bodies) {
            AsyncXMLStreamReader<AsyncByteArrayFeeder> r = f.aalto.createAsyncFor(body, 0, body.length);
            r.getInputFeeder().endOfInput();
            sum += events(r, true);
        }
        count(c);
        return sum;
    }

    @Benchmark
    public long walk(Counted c) {
        return walk(c, true);
    }

    /** The walk with one visitor, no second reading to fall back to: names as written then by the JDK's parser. */
    @Benchmark
    public long walkOneVisitor(Counted c) {
        return walk(c, false);
    }

    private long walk(Counted c, boolean visitors) {
        long sum = 0;
        XmlWalk.Visitor nothing = new XmlWalk.Visitor() {
            @Override
            public Failure start(XMLStreamReader r, int depth, int tagEnd) {
                return null;
            }

            @Override
            public void end(XMLStreamReader r, int depth, int tagEnd) {
            }

            @Override
            public void text(XMLStreamReader r, int depth) {
            }
        };
        for (byte[] body : bodies) {
            ByteBuffer b = ByteBuffer.wrap(body);
            XmlInput in = (XmlInput) XmlInput.open(b, 0, "text/xml; charset=UTF-8");
            if (folder.equals("burlap")) in = in.named(io.wireanalyze.codec.xml.XmlNames.AS_WRITTEN);
            XmlWalk.Walked walked = visitors ? XmlWalk.walk(in, 0, 0, DecoderLimits.DEFAULT.xml(), i -> nothing).walked()
                    : XmlWalk.walk(in, 0, 0, DecoderLimits.DEFAULT.xml(), nothing);
            if (walked instanceof XmlWalk.Walked.Done d) sum += d.elements();
            else sum--;
        }
        count(c);
        return sum;
    }

    /** Reads to the end: start and end tags with where they end, and the length of text. */
    private static long events(XMLStreamReader r, boolean bytes) throws XMLStreamException {
        long sum = 0;
        try {
            while (r.hasNext()) {
                int e = r.next();
                if (e == XMLStreamConstants.START_ELEMENT || e == XMLStreamConstants.END_ELEMENT) {
                    sum += bytes ? ((XMLStreamReader2) r).getLocationInfo().getEndingByteOffset() : r.getLocation().getCharacterOffset();
                    sum += r.getLocalName().length();
                } else if (e == XMLStreamConstants.CHARACTERS) {
                    sum += r.getTextLength();
                } else if (e == XMLStreamConstants.END_DOCUMENT) {
                    break;
                }
            }
        } catch (XMLStreamException notForThisParser) {
            return -1;   // Burlap's unbound prefix, for Aalto
        } finally {
            r.close();
        }
        return sum;
    }
}
