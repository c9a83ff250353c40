package io.wireanalyze.codec;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The modified UTF-8 of {@code java.io.DataInput} (Java Object Serialization Specification 6.4.2 {@code (utf)}
 * and {@code (long-utf)}; JRMP's {@code writeUTF} endpoints): each UTF-16 char is 1 byte (0x00-0x7f; 0x00 is also
 * accepted as DataInputStream does), 2 bytes (110xxxxx 10xxxxxx) or 3 bytes (1110xxxx 10xxxxxx 10xxxxxx).
 */
public final class ModifiedUtf8 {

    /** The high bit of each of eight bytes: none set, eight characters of one byte each. */
    private static final long ASCII = 0x8080808080808080L;

    private ModifiedUtf8() {
    }

    /** Absolute index of the first byte of an invalid sequence in {@code [from, from + length)}, or -1 if valid. */
    public static int firstInvalid(ByteBuffer buf, int from, int length) {
        int end = from + length;
        int i = from;
        while ((i = asciiEnd(buf, i, end)) < end) {
            int b = buf.get(i) & 0xff;
            int extra = sequenceLength(b) - 1;
            if (extra < 0 || i + extra >= end) return i;
            for (int k = 1; k <= extra; k++)
                if ((buf.get(i + k) & 0xc0) != 0x80) return i;
            i += extra + 1;
        }
        return -1;
    }

    /** Absolute index of the first byte in {@code [from, end)} that is not a one-byte character, or {@code end}. */
    private static int asciiEnd(ByteBuffer buf, int from, int end) {
        int i = from;
        while (i + 8 <= end && (buf.getLong(i) & ASCII) == 0) i += 8;   // eight one-byte characters: the usual case
        while (i < end && buf.get(i) >= 0) i++;
        return i;
    }

    /** Decodes valid bytes (see {@link #firstInvalid}), keeping at most {@code maxChars} chars. */
    public static String decode(ByteBuffer buf, int from, int length, int maxChars) {
        String ascii = ascii(buf, from, Math.min(length, maxChars));
        if (ascii != null) return ascii;
        StringBuilder out = new StringBuilder(Math.min(length, maxChars));
        int end = from + length;
        int i = from;
        while (i < end && out.length() < maxChars) {
            int b = buf.get(i) & 0xff;
            switch (sequenceLength(b)) {
                case 1 -> out.append((char) b);
                case 2 -> out.append((char) (((b & 0x1f) << 6) | (buf.get(i + 1) & 0x3f)));
                default -> out.append((char) (((b & 0x0f) << 12) | ((buf.get(i + 1) & 0x3f) << 6) | (buf.get(i + 2) & 0x3f)));
            }
            i += sequenceLength(b);
        }
        return out.toString();
    }

    /**
     * Decodes any bytes, never failing (JRMP endpoints and remote refs): a byte that cannot lead a sequence, or a
     * lead cut by the end, becomes U+FFFD and decoding goes on after it; continuation bits are not checked.
     */
    public static String decodeLenient(ByteBuffer buf, int from, int length) {
        String ascii = ascii(buf, from, length);
        if (ascii != null) return ascii;
        StringBuilder out = new StringBuilder(length);
        int i = from, end = from + length;
        while (i < end) {
            int b = buf.get(i) & 0xff;
            int n = sequenceLength(b);
            if (n == 0 || i + n > end) {
                out.append('\ufffd');
                i++;
                continue;
            }
            switch (n) {
                case 1 -> out.append((char) b);
                case 2 -> out.append((char) (((b & 0x1f) << 6) | (buf.get(i + 1) & 0x3f)));
                default -> out.append((char) (((b & 0x0f) << 12) | ((buf.get(i + 1) & 0x3f) << 6) | (buf.get(i + 2) & 0x3f)));
            }
            i += n;
        }
        return out.toString();
    }

    /**
     * The {@code n} bytes at {@code from} as text when every one is a one-byte character (class and field names, hosts:
     * the usual case), copied in bulk rather than char by char; else null.
     */
    private static String ascii(ByteBuffer buf, int from, int n) {
        if (asciiEnd(buf, from, from + n) < from + n) return null;
        byte[] bytes = new byte[n];
        buf.get(from, bytes);
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /** True if the valid bytes hold more than {@code maxChars} chars. */
    public static boolean longerThan(ByteBuffer buf, int from, int length, int maxChars) {
        if (length <= maxChars) return false;
        int chars = 0;
        for (int i = from, end = from + length; i < end; i += sequenceLength(buf.get(i) & 0xff))
            if (++chars > maxChars) return true;
        return false;
    }

    /** 1, 2 or 3 for a lead byte, 0 for a continuation byte or a 4-byte lead (not modified UTF-8). */
    private static int sequenceLength(int b) {
        if (b < 0x80) return 1;
        if ((b & 0xe0) == 0xc0) return 2;
        if ((b & 0xf0) == 0xe0) return 3;
        return 0;
    }
}
