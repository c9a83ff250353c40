package io.wireanalyze.protocol.jrmp;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RmiMethodHashTest {

    /** The hash as the specification words it: SHA-1 over DataOutput.writeUTF's bytes, the first 8 little-endian. */
    private static long specified(String s) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeUTF(s);
        }
        byte[] d = MessageDigest.getInstance("SHA-1").digest(bytes.toByteArray());
        long hash = 0;
        for (int i = 0; i < 8; i++) hash += (long) (d[i] & 0xff) << (i * 8);
        return hash;
    }

    /**
     * One hasher, reused, given a signature in three parts cut anywhere: the hash of the whole as writeUTF's bytes
     * give it, for characters of every width modified UTF-8 has (U+0000 in two bytes, a surrogate pair as two
     * three-byte characters), and for the empty string.
     */
    @Test
    void aSignatureHashedInPartsIsTheSpecifiedHashOfTheWhole() throws Exception {
        RmiMethodHash.Hasher hasher = new RmiMethodHash.Hasher();
        List<String> signatures = List.of("", "sendInts([I)I", "lookup(Ljava/lang/String;)Ljava/rmi/Remote;",
                "z\u0000ro(I)V", "caf\u00e9(Lp/\u00c9t\u00e9;)V", "\u0800\uffff(\u4e2d\u6587)V", "emoji\ud83d\ude00()V",
                "lone\ud800()V", "x".repeat(300) + "(" + "\u00e9".repeat(200) + ")V");
        for (String s : signatures) {
            long expected = specified(s);
            assertEquals(expected, RmiMethodHash.of(s), s);
            for (int a = 0; a <= s.length(); a += Math.max(1, s.length() / 7)) {
                for (int b = a; b <= s.length(); b += Math.max(1, s.length() / 5)) {
                    assertEquals(expected, hasher.of(s.substring(0, a), s.substring(a, b), s.substring(b)), s + " cut at " + a + ", " + b);
                }
            }
        }
    }

    /** A signature whose modified UTF-8 is longer than writeUTF writes (65,535 bytes) is refused as writeUTF refuses it. */
    @Test
    void aSignatureLongerThanWriteUtfTakesIsRefused() throws Exception {
        String longest = "\u00e9".repeat(0xffff / 2) + "x";   // 65,535 bytes: the most writeUTF takes
        assertEquals(specified(longest), RmiMethodHash.of(longest));
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> RmiMethodHash.of(longest + "x"));
        assertInstanceOf(UTFDataFormatException.class, e.getCause());
        assertThrows(IOException.class, () -> specified(longest + "x"));
    }
}
