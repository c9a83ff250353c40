package io.wireanalyze.codec.xml;

import io.wireanalyze.codec.Failure;
import io.wireanalyze.codec.XmlLimits;
import org.junit.jupiter.api.Test;

import javax.xml.stream.XMLStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A document of names as written (Burlap's undeclared {@code burlap:} prefix) read by Aalto inside a wrapper element
 * shows its visitor what the JDK's parser shows: every tag's name, depth and end, every text, the element count; and
 * where it cannot say the same (anything but white space around the root, a failure, an unknown entity), the document
 * is read again by the JDK's parser, whose words the failure then has.
 */
class XmlWalkWrappedTest {

    /**
     * Everything a visitor is told: tags as lines without where they end, which {@link #ends} holds apart (the JDK's
     * parser gives character offsets that drift from the bytes in some documents); a text's events joined (the JDK's
     * parser splits a text at each reference, Aalto does not: what the decoders take of a text, its characters and
     * its byte length, is the same either way).
     */
    private static final class Recorder implements XmlWalk.Visitor {
        final List<String> seen = new ArrayList<>();
        final List<Integer> ends = new ArrayList<>();
        final XmlInput in;
        private StringBuilder text;
        private long textBytes;
        private int textDepth;

        Recorder(XmlInput in) {
            this.in = in;
        }

        @Override
        public Failure start(XMLStreamReader r, int depth, int tagEnd) {
            flush();
            String prefix = r.getPrefix();
            String name = prefix == null || prefix.isEmpty() ? r.getLocalName() : prefix + ":" + r.getLocalName();
            seen.add("start " + name + " " + depth);
            ends.add(tagEnd);
            return name.equals("stop") ? new Failure(in.tagStart(tagEnd), "test.stop", "a <stop> element") : null;
        }

        @Override
        public void end(XMLStreamReader r, int depth, int tagEnd) {
            flush();
            String prefix = r.getPrefix();
            seen.add("end " + (prefix == null || prefix.isEmpty() ? r.getLocalName() : prefix + ":" + r.getLocalName()) + " " + depth);
            ends.add(tagEnd);
        }

        @Override
        public void text(XMLStreamReader r, int depth) {
            if (text == null) {
                text = new StringBuilder();
                textBytes = 0;
                textDepth = depth;
            }
            text.append(r.getTextCharacters(), r.getTextStart(), r.getTextLength());
            textBytes += in.encodedLength(r.getTextCharacters(), r.getTextStart(), r.getTextLength());
        }

        private void flush() {
            if (text != null) seen.add("text " + textDepth + " " + textBytes + " " + text);
            text = null;
        }

        List<String> seen() {
            flush();
            return seen;
        }
    }

    /**
     * Where each tag of a well-formed document (no comment) ends, in order, found by
     * scanning its bytes: an empty-element tag ends its start and its end.
     */
    private static List<Integer> tagEnds(byte[] doc) {
        List<Integer> ends = new ArrayList<>();
        String text = new String(doc, StandardCharsets.ISO_8859_1);
        for (int i = 0; i < doc.length; i++) {
            if (text.startsWith("<![CDATA[", i)) {
                i = text.indexOf("]]>", i) + 2;
            } else if (text.startsWith("<?", i)) {
                i = text.indexOf("?>", i) + 1;
            } else if (doc[i] == '<') {
                int end = text.indexOf('>', i) + 1;
                ends.add(end);
                if (doc[end - 2] == '/') ends.add(end);
                i = end - 1;
            }
        }
        return ends;
    }

    private record Outcome(List<String> seen, List<Integer> ends, String walked, int readings) {
    }

    /** The document at index {@code at} of a buffer, as the Burlap decoder opens it. */
    private static XmlInput open(String doc, int at) {
        byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
        byte[] shifted = new byte[at + bytes.length];
        System.arraycopy(bytes, 0, shifted, at, bytes.length);
        ByteBuffer body = ByteBuffer.wrap(shifted).position(at);
        return ((XmlInput) XmlInput.open(body, 100, "text/xml")).named(XmlNames.AS_WRITTEN);
    }

    private static String said(XmlWalk.Walked w) {
        return w instanceof XmlWalk.Walked.Done d ? "done " + d.elements()
                : "stopped " + ((XmlWalk.Walked.Stopped) w).failure();
    }

    /** Through {@link XmlWalk#walk(XmlInput, int, long, XmlLimits, java.util.function.Function)}, counting its readings. */
    private static Outcome fast(String doc, int at, XmlLimits limits) {
        XmlInput in = open(doc, at);
        assertTrue(in.wrapped() || doc.startsWith("<?xml"), "read wrapped: " + doc);
        List<Recorder> made = new ArrayList<>();
        XmlWalk.Read<Recorder> read = XmlWalk.walk(in, at, 100, limits, i -> {
            Recorder r = new Recorder(i);
            made.add(r);
            return r;
        });
        assertTrue(read.visitor() == made.get(made.size() - 1), "the visitor of the reading that counts");
        return new Outcome(read.visitor().seen(), read.visitor().ends, said(read.walked()), made.size());
    }

    /** The JDK's parser alone, as before. */
    private static Outcome jdk(String doc, int at, XmlLimits limits) {
        XmlInput in = open(doc, at).unwrapped();
        Recorder r = new Recorder(in);
        String walked = said(XmlWalk.walk(in, at, 100, limits, r));
        return new Outcome(r.seen(), r.ends, walked, 1);
    }

    private static void same(String doc, int readings) {
        same(doc, readings, XmlLimits.DEFAULT);
    }

    private static void same(String doc, int readings, XmlLimits limits) {
        for (int at : new int[]{0, 7}) {
            Outcome fast = fast(doc, at, limits), slow = jdk(doc, at, limits);
            agree(doc, at, fast, slow);
            assertEquals(readings, fast.readings(), () -> "readings of " + doc + " (1: Aalto's alone, 2: the JDK's again)");
        }
    }

    /**
     * The same result and events; read by Aalto alone, every tag's end where the tag ends in the bytes (the JDK's
     * parser's drift in some documents); read again, the JDK's ends. Returns how many of the JDK's ends drifted.
     */
    private static int agree(String doc, int at, Outcome fast, Outcome slow) {
        assertEquals(slow.walked(), fast.walked(), doc);
        assertEquals(slow.seen(), fast.seen(), doc);
        if (fast.readings() == 2) {
            assertEquals(slow.ends(), fast.ends(), doc);
            return 0;
        }
        List<Integer> truth = tagEnds(doc.getBytes(StandardCharsets.UTF_8)).stream().map(e -> e + at).toList();
        assertEquals(truth, fast.ends(), () -> "Aalto's tag ends are the bytes' in " + doc);
        int drifted = 0;
        for (int i = 0; i < truth.size(); i++) if (!slow.ends().get(i).equals(truth.get(i))) drifted++;
        return drifted;
    }

    private static final String CALL = "<burlap:call><method>add2</method><int>1</int><string>two &amp; &lt;3&gt; "
            + "&#233;t&#xE9; \u00e9\u4e2d\ud83d\ude00</string><![CDATA[a <b> c]]><list><type>[int</type><length>2</length>"
            + "<int>1</int><int>2</int></list><map><type>Point</type><string>x</string><int>1</int></map></burlap:call>";

    @Test
    void burlapDocumentsAreReadByAaltoAsTheJdkReadsThem() {
        same(CALL, 1);
        same("  \r\n\t" + CALL + "\n\n ", 1);
        same("<burlap:reply><fault><string>code</string><string>ServiceException</string><string>message</string>"
                + "<string>no such method</string></fault></burlap:reply>", 1);
        same("<burlap:reply><null/></burlap:reply>", 1);
        same("<burlap:call xmlns:burlap=\"urn:other\" a=\"1\" b='2'><method>m</method></burlap:call>", 1);
        same("<burlap:call>\r\n  <method>m</method>\r\n  <string>line\r\nnext\rlast</string>\r\n</burlap:call>", 1);
        same("<plain><method>m</method></plain>", 1);
        same("<burlap:call><method>m</method><stop/></burlap:call>", 2);   // the visitor's failure: the JDK's reading says it
    }

    @Test
    void aaltosTagEndsAreTheBytesWhereTheJdksDrift() {
        // The JDK's parser says </string> ends at byte 107 here (its character offsets, mapped to bytes, run one
        // ahead after this text); it ends at 106, as Aalto says.
        String doc = "<burlap:call><method>add2</method><int>1</int><string>two &amp; &lt;3&gt; &#233;t&#xE9; \u00e9\u4e2d\ud83d\ude00"
                + "</string><![CDATA[a <b> c]]><list><type>[int</type></list></burlap:call>";
        Outcome fast = fast(doc, 0, XmlLimits.DEFAULT), slow = jdk(doc, 0, XmlLimits.DEFAULT);
        assertEquals(106, fast.ends().get(6));
        assertEquals(107, slow.ends().get(6));
        assertEquals(5, agree(doc, 0, fast, slow), "the JDK's ends of </string>, <list>, <type>, </type> and </list> drift");
    }

    @Test
    void whatAaltoCannotSayAsTheJdkDoesIsReadAgainByTheJdk() {
        same("<?xml version=\"1.0\"?><burlap:call><method>m</method></burlap:call>", 1);   // never wrapped
        same("<!-- a comment --><burlap:call><method>m</method></burlap:call>", 2);
        same("<burlap:call><method>m</method></burlap:call><!-- after -->", 2);
        same("<burlap:call><method>m</method></burlap:call>trailing", 2);
        same("<burlap:call><method>m</method></burlap:call><second/>", 2);
        same("text first<burlap:call><method>m</method></burlap:call>", 2);
        same("&#32;<burlap:call><method>m</method></burlap:call>", 2);
        same("<!DOCTYPE x [<!ENTITY e \"boom\">]><burlap:call><method>&e;</method></burlap:call>", 2);
        same("<burlap:call><method>&e;</method></burlap:call>", 2);
        same("<burlap:call><other:x/></burlap:call>", 2);
        same("<burlap:call><method>m</method>", 2);
        same("<burlap:call><method>m</burlap:call>", 2);
        same("", 2);
        same("   ", 2);
        same("<burlap:call><string>bad \u0001 char</string></burlap:call>", 2);
        same("</wireanalyze.as-written><burlap:call/>", 2);
    }

    @Test
    void limitsAreTheJdksReadings() {
        XmlLimits tight = new XmlLimits(3, 6, 2);
        same("<burlap:call><list><list><list><int>1</int></list></list></list></burlap:call>", 2, tight);
        same("<burlap:call><a/><a/><a/><a/><a/><a/><a/></burlap:call>", 2, tight);
        same("<burlap:call a='1' b='2' c='3'><method>m</method></burlap:call>", 2, tight);
        same("<burlap:call><a/><a/><a/><a/><a/></burlap:call>", 1, tight);
        Outcome deep = fast("<burlap:call><list><list><list><int>1</int></list></list></list></burlap:call>", 0, tight);
        assertTrue(deep.walked().startsWith("stopped ") && deep.walked().contains("xml.depth"), deep.walked());
    }

    @Test
    void invalidUtf8IsTheJdksFailure() {
        byte[] doc = "<burlap:call><string>xx</string></burlap:call>".getBytes(StandardCharsets.UTF_8);
        doc[22] = (byte) 0xC3;   // a lead byte followed by 'x': not UTF-8
        ByteBuffer body = ByteBuffer.wrap(doc);
        XmlInput in = ((XmlInput) XmlInput.open(body, 0, "text/xml")).named(XmlNames.AS_WRITTEN);
        List<Recorder> made = new ArrayList<>();
        XmlWalk.Read<Recorder> read = XmlWalk.walk(in, 0, 0, XmlLimits.DEFAULT, i -> {
            Recorder r = new Recorder(i);
            made.add(r);
            return r;
        });
        assertInstanceOf(XmlWalk.Walked.Stopped.class, read.walked());
        assertEquals(2, made.size());
        XmlInput again = ((XmlInput) XmlInput.open(ByteBuffer.wrap(doc), 0, "text/xml")).named(XmlNames.AS_WRITTEN).unwrapped();
        assertEquals(said(XmlWalk.walk(again, 0, 0, XmlLimits.DEFAULT, new Recorder(again))), said(read.walked()));
    }

    /** The root's name as written, as the Burlap decoder sniffs it. */
    private static String rootName(XMLStreamReader r) {
        String prefix = r.getPrefix();
        return prefix == null || prefix.isEmpty() ? r.getLocalName() : prefix + ":" + r.getLocalName();
    }

    /** The root sniffed inside the wrapper is the JDK's; {@code byAalto}: whether Aalto's reading alone said it. */
    private static void sniffedAlike(String doc, int at, boolean byAalto) {
        XmlInput in = open(doc, at);
        String jdk = open(doc, at).unwrapped().sniffRoot(64, XmlWalkWrappedTest::rootName);
        assertEquals(jdk, in.sniffRoot(64, XmlWalkWrappedTest::rootName), () -> "root of " + doc);
        assertEquals(byAalto, in.wrapped() && in.sniffWrapped(XmlWalkWrappedTest::rootName) != null, () -> "read by Aalto: " + doc);
    }

    @Test
    void theRootIsSniffedInsideTheWrapperAsTheJdkSniffsIt() {
        sniffedAlike("<burlap:call><method>m</method></burlap:call>", 0, true);
        sniffedAlike(" \r\n\t<burlap:call><method>m</method></burlap:call>", 3, true);
        sniffedAlike("<burlap:reply><null/></burlap:reply>", 1, true);
        sniffedAlike("<call xmlns='urn:x'><method>m</method></call>", 0, true);
        sniffedAlike("<burlap:call xmlns:burlap='urn:other'/>", 0, true);
        sniffedAlike("<burlap:call a='1' b=\"2\"><method>m</method>", 0, true);   // cut short after the root: still sniffed
        // what only the JDK's parser says
        sniffedAlike("<x:call><method>m</method></x:call>", 0, false);   // a prefix nothing binds
        sniffedAlike("<a:b:call/>", 0, false);
        sniffedAlike("<burlap:call a='1' a='2'/>", 0, false);
        sniffedAlike("<!-- first --><burlap:call/>", 0, false);
        sniffedAlike("<?pi x?><burlap:call/>", 0, false);
        sniffedAlike("<!DOCTYPE x><burlap:call/>", 0, false);
        sniffedAlike("text<burlap:call/>", 0, false);
        sniffedAlike("&#32;<burlap:call/>", 0, false);
        sniffedAlike("<?xml version=\"1.0\"?><burlap:call/>", 0, false);   // never wrapped
        sniffedAlike("", 0, false);
        sniffedAlike("   ", 0, false);
        sniffedAlike("<burlap:call", 0, false);
        sniffedAlike("</wireanalyze.as-written><burlap:call/>", 0, false);
        byte[] bad = "<burlap:call>\u00e9</burlap:call>".getBytes(StandardCharsets.UTF_8);
        bad[14] = 'x';   // a lead byte followed by 'x', after the root's tag: the root is sniffed all the same
        sniffedAlike(new String(bad, StandardCharsets.ISO_8859_1), 0, true);
    }

    /** Random Burlap-like documents, some cut short or with a byte changed: the root sniffed alike. */
    @Test
    void randomDocumentsSniffAlike() {
        Random random = new Random(20261128);
        String[] names = {"burlap:call", "method", "int", "string", "list", "x:y", "burlap:reply", "null"};
        String[] texts = {"", "1", "&amp;", "\u00e9", "<![CDATA[<x>]]>", "&#65;", " ", "<!-- c -->"};
        int byAalto = 0;
        for (int n = 0; n < 3000; n++) {
            StringBuilder doc = new StringBuilder();
            if (random.nextInt(10) == 0) doc.append(texts[random.nextInt(texts.length)]);
            element(doc, random, names, texts, 0);
            String d = doc.toString();
            if (random.nextInt(6) == 0) d = d.substring(0, random.nextInt(d.length() + 1));
            if (random.nextInt(6) == 0 && !d.isEmpty()) {
                int i = random.nextInt(Math.min(d.length(), 16));
                d = d.substring(0, i) + "<>&;:/ x\u0000".charAt(random.nextInt(9)) + d.substring(i + 1);
            }
            XmlInput in = open(d, 2);
            String jdk = open(d, 2).unwrapped().sniffRoot(64, XmlWalkWrappedTest::rootName);
            String doc2 = d;
            assertEquals(jdk, in.sniffRoot(64, XmlWalkWrappedTest::rootName), () -> "root of " + doc2);
            if (in.wrapped() && in.sniffWrapped(XmlWalkWrappedTest::rootName) != null) byAalto++;
        }
        assertTrue(byAalto > 2000, "sniffed by Aalto alone: " + byAalto + " of 3000");
    }

    /** Random Burlap-like documents, some cut short or with a byte changed: the two readings always agree. */
    @Test
    void randomDocumentsAgree() {
        Random random = new Random(20261127);
        String[] names = {"burlap:call", "method", "int", "string", "list", "map", "type", "length", "burlap:reply", "fault", "null"};
        String[] texts = {"", "1", "two words", "&amp;", "&lt;x&gt;", "\u00e9", "a\r\nb", "<![CDATA[<x>]]>", "&#65;", " "};
        for (int n = 0; n < 3000; n++) {
            StringBuilder doc = new StringBuilder();
            if (random.nextInt(10) == 0) doc.append(" \n");
            element(doc, random, names, texts, 0);
            if (random.nextInt(10) == 0) doc.append("\n");
            String d = doc.toString();
            if (random.nextInt(8) == 0) d = d.substring(0, random.nextInt(d.length() + 1));
            if (random.nextInt(8) == 0 && !d.isEmpty()) {
                int i = random.nextInt(d.length());
                d = d.substring(0, i) + "<>&;/ x\u0000".charAt(random.nextInt(8)) + d.substring(i + 1);
            }
            agree(d, 3, fast(d, 3, XmlLimits.DEFAULT), jdk(d, 3, XmlLimits.DEFAULT));
        }
    }

    private static void element(StringBuilder doc, Random random, String[] names, String[] texts, int depth) {
        String name = depth == 0 ? (random.nextBoolean() ? "burlap:call" : "burlap:reply") : names[random.nextInt(names.length)];
        doc.append('<').append(name).append('>');
        int children = depth > 4 ? 0 : random.nextInt(4);
        for (int i = 0; i < children; i++) {
            if (random.nextBoolean()) doc.append(texts[random.nextInt(texts.length)]);
            element(doc, random, names, texts, depth + 1);
        }
        if (random.nextBoolean()) doc.append(texts[random.nextInt(texts.length)]);
        doc.append("</").append(name).append('>');
    }
}
