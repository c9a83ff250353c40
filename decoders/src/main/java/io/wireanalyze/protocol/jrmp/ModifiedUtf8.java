package io.wireanalyze.protocol.jrmp;

import java.nio.ByteBuffer;

/** Decodes DataOutput.writeUTF's modified UTF-8 (java.io.DataInput), never failing: bad sequences become U+FFFD. */
final class ModifiedUtf8 {

    private ModifiedUtf8() {
    }

    static String decode(ByteBuffer b, int from, int length) {
        StringBuilder sb = new StringBuilder(length);
        int i = from, end = from + length;
        while (i < end) {
            int c = b.get(i) & 0xff;
            if (c < 0x80) {
                sb.append((char) c);
                i++;
            } else if ((c & 0xe0) == 0xc0 && i + 1 < end) {
                sb.append((char) (((c & 0x1f) << 6) | (b.get(i + 1) & 0x3f)));
                i += 2;
            } else if ((c & 0xf0) == 0xe0 && i + 2 < end) {
                sb.append((char) (((c & 0x0f) << 12) | ((b.get(i + 1) & 0x3f) << 6) | (b.get(i + 2) & 0x3f)));
                i += 3;
            } else {
                sb.append('\ufffd');
                i++;
            }
        }
        return sb.toString();
    }
}
