package io.wireanalyze.codec.xml;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link XmlInput#declared} and {@link XmlInput#charsetOf}, matched by hand, name the encoding their regular expressions
 * ({@link XmlInput#DECLARED}, {@link XmlInput#CHARSET}) find.
 */
class XmlInputTest {

    /** What the regular expression finds in the first 200 bytes from {@code p}, read as ISO-8859-1. */
    private static String byRegex(ByteBuffer body, int p) {
        byte[] head = new byte[Math.min(body.limit() - p, 200)];
        body.get(p, head);
        Matcher m = XmlInput.DECLARED.matcher(new String(head, StandardCharsets.ISO_8859_1));
        return m.find() ? m.group(1) : null;
    }

    private static void same(String doc, int at) {
        byte[] bytes = doc.getBytes(StandardCharsets.ISO_8859_1);
        byte[] shifted = new byte[bytes.length + at];
        System.arraycopy(bytes, 0, shifted, at, bytes.length);
        ByteBuffer body = ByteBuffer.wrap(shifted);
        assertEquals(byRegex(body, at), XmlInput.declared(body, at), () -> "declaration " + doc.replace("\n", "\\n"));
    }

    @Test
    void declaredEncodingsAsTheRegularExpressionReadsThem() {
        List<String> docs = List.of(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><a/>",
                "<?xml version='1.0' encoding='iso-8859-1'?><a/>",
                "<?xml version=\"1.0\"?><a encoding=\"x\"/>",                    // after the '>': none
                "<?xml encoding = \t\"UTF-16\"?>",
                "<?xml encoding=\"UTF-8'?>",                                     // mixed quotes match
                "<?xml encoding=\"\"?>",                                         // empty: none
                "<?xml encoding=\"" + "a".repeat(40) + "\"?>",                  // 40: read
                "<?xml encoding=\"" + "a".repeat(41) + "\"?>",                  // 41: none
                "<?xml encodingencoding=\"UTF-8\"?>",                            // the second one matches
                "<?xml encoding=\"UTF 8\" encoding=\"latin1\"?>",                // the first fails, the second is read
                "<?xml encoding\u000B=\u000C'ascii'?>",                          // \s includes VT and FF
                "<?xml encoding=UTF-8?>",                                        // unquoted: none
                "<?xm encoding=\"UTF-8\"?>",
                "<?xmlencoding=\"UTF-8\"?>",
                "<?xml" + " ".repeat(180) + "encoding=\"UTF-8\"?>",              // past the first 200 bytes: cut
                "<?xml" + " ".repeat(170) + "encoding=\"UTF-8\"?>",
                "<?xml encoding=\"UTF\u00e9\"?>",
                "<?xml",
                "");
        for (String d : docs) {
            same(d, 0);
            same(d, 3);
        }
    }

    @Test
    void randomDeclarationsAsTheRegularExpressionReadsThem() {
        String[] pieces = {"<?xml", " ", "\t", "\n", "\u000B", "encoding", "encod", "=", "\"", "'", ">", "UTF-8", "a", "-",
                "_", ".", "9", "\u00e9", "?", "version=\"1.0\"", "x".repeat(39), "y".repeat(20)};
        Random random = new Random(20);
        List<String> docs = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) {
            StringBuilder s = new StringBuilder(random.nextInt(4) == 0 ? "" : "<?xml");
            int n = random.nextInt(14);
            for (int k = 0; k < n; k++) s.append(pieces[random.nextInt(pieces.length)]);
            docs.add(s.toString());
        }
        for (String d : docs) same(d, d.length() % 3);
    }

    private static void sameCharset(String contentType) {
        Matcher m = XmlInput.CHARSET.matcher(contentType);
        assertEquals(m.find() ? m.group(1) : null, XmlInput.charsetOf(contentType), () -> "media type " + contentType.replace("\n", "\\n"));
    }

    @Test
    void mediaTypeCharsetsAsTheRegularExpressionReadsThem() {
        for (String t : List.of("text/xml; charset=UTF-8", "text/xml;charset=\"utf-8\"", "application/soap+xml; charset=utf-8; action=\"urn:x\"",
                "text/xml", "text/xml; CHARSET = ISO-8859-1", "text/xml; charset=", "text/xml; charset=\"\"; charset=latin1",
                "text/xml; charsetx=a; charset=b", "text/xml; charset=\"" + "a".repeat(45), "text/xml; \u000B\fcharset\t=\ra",
                "text/xml; char set=a", "text/xml; char\u017Fet=a", "text/xml; \u212Aharset=a", ";charset=a;charset=b", "", ";", "text/xml; charset=;x"))
            sameCharset(t);
    }

    @Test
    void randomMediaTypesAsTheRegularExpressionReadsThem() {
        String[] pieces = {";", " ", "\t", "\n", "\u000B", "charset", "CharSet", "CHARSET", "chars", "=", "\"", "'", "UTF-8", "utf-8",
                "a", "-", "_", ".", "9", "\u00e9", "\u017F", "text/xml", "x".repeat(39), "y".repeat(20), "action=\"urn:a\""};
        Random random = new Random(21);
        for (int i = 0; i < 200_000; i++) {
            StringBuilder s = new StringBuilder();
            int n = random.nextInt(12);
            for (int k = 0; k < n; k++) s.append(pieces[random.nextInt(pieces.length)]);
            sameCharset(s.toString());
        }
    }
}
