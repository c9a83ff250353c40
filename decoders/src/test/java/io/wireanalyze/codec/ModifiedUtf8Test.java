package io.wireanalyze.codec;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ModifiedUtf8Test {

    /** {@code s} as {@code DataOutput.writeUTF} writes it, without the length, at offset 3 of a read-only buffer. */
    private static ByteBuffer written(String s) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new DataOutputStream(bytes).writeUTF(s);
        byte[] utf = bytes.toByteArray();
        ByteBuffer b = ByteBuffer.allocate(utf.length - 2 + 3 + 5);
        b.position(3);
        b.put(utf, 2, utf.length - 2);
        return b.clear().asReadOnlyBuffer();
    }

    /** Text of one-byte characters (read in bulk) and text with two- and three-byte ones decode as written. */
    @Test
    void decodesWhatWriteUtfWrote() throws IOException {
        Random random = new Random(20261128);
        String[] fixed = {"", "a", "java.lang.String", "[Ljava.lang.Object;", "0123456789abcdef", "\u0000nul\u0000",
                "caf\u00e9", "\u20ac100", "abcdefgh\u00e9", "abcdefg\u00e9h", "\u65e5\u672c\u8a9e"};
        for (String s : fixed) check(s);
        for (int n = 0; n < 2_000; n++) {
            StringBuilder s = new StringBuilder();
            int length = random.nextInt(40);
            for (int i = 0; i < length; i++) {
                int kind = random.nextInt(10);
                s.append(kind < 7 ? (char) random.nextInt(0x80) : kind < 9 ? (char) (0x80 + random.nextInt(0x780)) : (char) (0x800 + random.nextInt(0xd000)));
            }
            check(s.toString());
        }
    }

    private static void check(String s) throws IOException {
        ByteBuffer b = written(s);
        int length = b.capacity() - 8;
        assertEquals(-1, ModifiedUtf8.firstInvalid(b, 3, length), s);
        assertEquals(s, ModifiedUtf8.decode(b, 3, length, Integer.MAX_VALUE), s);
        assertEquals(s, ModifiedUtf8.decodeLenient(b, 3, length), s);
        int max = s.length() / 2;
        assertEquals(s.substring(0, max), ModifiedUtf8.decode(b, 3, length, max), "the first " + max + " chars of " + s);
    }

    /** The lenient decoding makes a byte that leads no sequence, or a sequence cut by the end, U+FFFD. */
    @Test
    void lenientDecodingReplacesWhatIsNotModifiedUtf8() {
        ByteBuffer b = ByteBuffer.wrap(new byte[]{'a', (byte) 0x80, 'b', (byte) 0xf0, 'c', (byte) 0xe2, (byte) 0x82});
        assertEquals("a\ufffdb\ufffdc\ufffd\ufffd", ModifiedUtf8.decodeLenient(b, 0, 7));
        assertEquals("ab", ModifiedUtf8.decodeLenient(ByteBuffer.wrap(new byte[]{'x', 'a', 'b'}), 1, 2));
    }
}
