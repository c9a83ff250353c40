package io.wireanalyze.accounting;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Where a {@link Spill.Codec} reads a record back: bytes held in an array (a spill's held records), or read through
 * one from a stream (a run's file, a part's records), big-endian as {@link java.io.DataInputStream} reads them. Each
 * value is read in place; past the end is an {@link EOFException}.
 */
final class SpillIn {

    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final InputStream in;   // null: the bytes are all there is
    private byte[] buf;
    private int pos;
    private int end;
    /** Where records read from this are put together ({@link Codecs}); made when the first is read. */
    private Codecs.Frames frames;

    /** Reads {@code bytes[from, to)}. */
    SpillIn(byte[] bytes, int from, int to) {
        this.in = null;
        this.buf = bytes;
        this.pos = from;
        this.end = to;
    }

    /** Reads {@code in} through a buffer of {@code size} bytes. */
    SpillIn(InputStream in, int size) {
        this.in = in;
        this.buf = new byte[Math.max(64, size)];
    }

    /** Reads from {@code at} on, in an array's bytes. */
    SpillIn at(int at) {
        if (in != null) throw new IllegalStateException("a stream is read in order");
        pos = at;
        return this;
    }

    /** Whether every byte of an array has been read (a stream's end is known only by reading). */
    boolean atEnd() {
        return in == null && pos == end;
    }

    /**
     * This reader's frames for the records it reads back: its own, as one thread reads it at a time (a thread's own,
     * looked up for every message at a report's end, was a thread-local look-up each, in C1's code a call into the VM).
     */
    Codecs.Frames frames() {
        Codecs.Frames f = frames;
        if (f == null) frames = f = new Codecs.Frames();
        return f;
    }

    void close() throws IOException {
        if (in != null) in.close();
    }

    /**
     * At least {@code n} bytes from {@code pos} in the buffer, else an EOFException. The check alone, small enough for
     * C1 to inline into every read (the whole method, not inlined, was 4.5% of the reading thread's samples at a
     * report's end); {@link #fill} does the rest.
     */
    private void need(int n) throws IOException {
        if (end - pos < n) fill(n);
    }

    private void fill(int n) throws IOException {
        if (in == null) throw new EOFException();
        if (n > buf.length) buf = java.util.Arrays.copyOf(buf, Math.max(n, 2 * buf.length));
        int left = end - pos;
        System.arraycopy(buf, pos, buf, 0, left);
        pos = 0;
        end = left;
        while (end < n) {
            int k = in.read(buf, end, buf.length - end);
            if (k < 0) throw new EOFException();
            end += k;
        }
    }

    byte readByte() throws IOException {
        need(1);
        return buf[pos++];
    }

    boolean readBoolean() throws IOException {
        return readByte() != 0;
    }

    short readShort() throws IOException {
        need(2);
        short v = (short) SHORT.get(buf, pos);
        pos += 2;
        return v;
    }

    int readInt() throws IOException {
        need(4);
        int v = (int) INT.get(buf, pos);
        pos += 4;
        return v;
    }

    long readLong() throws IOException {
        need(8);
        long v = (long) LONG.get(buf, pos);
        pos += 8;
        return v;
    }

    float readFloat() throws IOException {
        return Float.intBitsToFloat(readInt());
    }

    double readDouble() throws IOException {
        return Double.longBitsToDouble(readLong());
    }

    void readFully(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            if (pos == end) need(1);
            int k = Math.min(len, end - pos);
            System.arraycopy(buf, pos, b, off, k);
            pos += k;
            off += k;
            len -= k;
        }
    }

    /** {@code n} bytes of ASCII as a string, made from the bytes where they are. */
    String ascii(int n) throws IOException {
        if (n < 0) throw new IOException("spilled record: a string of " + n + " bytes");
        if (n <= buf.length || in == null) {
            need(n);
            String s = new String(buf, pos, n, StandardCharsets.ISO_8859_1);
            pos += n;
            return s;
        }
        byte[] b = new byte[n];
        readFully(b, 0, n);
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    /** {@code n} chars, each as two bytes (UTF-16 units, big-endian), as a string. */
    String chars(int n) throws IOException {
        if (n < 0) throw new IOException("spilled record: a string of " + n + " chars");
        char[] c = new char[n];
        for (int i = 0; i < n; i++) c[i] = (char) readShort();
        return new String(c);
    }
}
