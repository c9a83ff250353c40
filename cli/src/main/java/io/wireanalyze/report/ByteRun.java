package io.wireanalyze.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Text as UTF-8 bytes in an array that one thread writes and another then reads whole: a JSON report, or a batch of
 * its records as a formatter wrote it. The report's text is written as the bytes that go out, so nothing encodes it
 * on the way: where it was chars, every string was first widened into them and every char then encoded again (the
 * writing thread's whole work, and a sixth of a formatter's).
 */
final class ByteRun implements Batched.Text {

    private byte[] bytes;
    private int length;

    ByteRun(int capacity) {
        bytes = new byte[Math.max(16, capacity)];
    }

    /** A text for a batch of {@code records} records (a message's worth of JSON each, to start with). */
    static ByteRun forRecords(int records) {
        return new ByteRun(records * 640);
    }

    void write(byte[] b, int off, int len) {
        room(len);
        System.arraycopy(b, off, bytes, length, len);
        length += len;
    }

    void write(byte[] b) {
        write(b, 0, b.length);
    }

    /** One byte: an ASCII character, or one of a character's UTF-8 bytes. */
    void write(int b) {
        room(1);
        bytes[length++] = (byte) b;
    }

    /** Text known to be ASCII (a number's text, JSON's words). */
    void ascii(String s) {
        int n = s.length();
        room(n);
        for (int i = 0; i < n; i++) bytes[length + i] = (byte) s.charAt(i);
        length += n;
    }

    /** Room for {@code n} more bytes, taken: the array, whose last {@code n} bytes up to {@link #length} are the caller's to fill. */
    byte[] claim(int n) {
        room(n);
        length += n;
        return bytes;
    }

    /** Gives back the last {@code n} bytes written or claimed. */
    void unclaim(int n) {
        length -= n;
    }

    private void room(int more) {
        if (more > bytes.length - length) grow(more);
    }

    private void grow(int more) {
        long want = Math.max(2L * bytes.length, (long) length + more);
        if (want > Integer.MAX_VALUE - 8) {
            if ((long) length + more > Integer.MAX_VALUE - 8) throw new IllegalStateException("a report's text of more than 2 GB in one piece");
            want = Integer.MAX_VALUE - 8;
        }
        bytes = Arrays.copyOf(bytes, (int) want);
    }

    /** Forgets what was written (the array is kept). */
    @Override
    public void clear() {
        length = 0;
    }

    void writeTo(OutputStream out) throws IOException {
        out.write(bytes, 0, length);
    }

    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }

    /** The text so far, decoded. */
    @Override
    public String toString() {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }
}
