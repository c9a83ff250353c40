package io.wireanalyze.accounting;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Where a {@link Spill.Codec} writes a record: a growing array of bytes, big-endian as {@link java.io.DataOutputStream}
 * writes them (the same bytes), each value put in place: no stream, lock or copy through a scratch buffer per value.
 * A spill keeps the records it holds in one, and writes a run's file from it.
 */
final class SpillOut {

    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private byte[] bytes;
    private int size;

    SpillOut() {
        this(4 << 10);
    }

    SpillOut(int capacity) {
        bytes = new byte[Math.max(16, capacity)];
    }

    /** The bytes written so far: {@code bytes()[0, size())}; the array is this writer's, replaced as it grows. */
    byte[] bytes() {
        return bytes;
    }

    int size() {
        return size;
    }

    /** A copy of the bytes written so far. */
    byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    /** Forgets what was written, keeping the array. */
    void reset() {
        size = 0;
    }

    void writeTo(OutputStream out) throws IOException {
        out.write(bytes, 0, size);
    }

    private void room(int n) {
        if (n > bytes.length - size) grow(n);
    }

    private void grow(int n) {
        long want = Math.max((long) size + n, 2L * bytes.length);
        if (want > Integer.MAX_VALUE - 8) {
            if ((long) size + n > Integer.MAX_VALUE - 8) throw new IllegalStateException("spilled records of more than 2 GB in one buffer");
            want = Integer.MAX_VALUE - 8;
        }
        bytes = Arrays.copyOf(bytes, (int) want);
    }

    void writeByte(int v) {
        room(1);
        bytes[size++] = (byte) v;
    }

    void writeBoolean(boolean v) {
        writeByte(v ? 1 : 0);
    }

    void writeShort(int v) {
        room(2);
        SHORT.set(bytes, size, (short) v);
        size += 2;
    }

    void writeInt(int v) {
        room(4);
        INT.set(bytes, size, v);
        size += 4;
    }

    void writeLong(long v) {
        room(8);
        LONG.set(bytes, size, v);
        size += 8;
    }

    void writeFloat(float v) {
        writeInt(Float.floatToIntBits(v));
    }

    void writeDouble(double v) {
        writeLong(Double.doubleToLongBits(v));
    }

    void write(byte[] b, int off, int len) {
        room(len);
        System.arraycopy(b, off, bytes, size, len);
        size += len;
    }

    /** Each char of {@code s} as two bytes (big-endian UTF-16 units, as {@link java.io.DataOutputStream#writeChars}). */
    void writeChars(String s) {
        int n = s.length();
        room(2 * n);
        for (int i = 0; i < n; i++) {
            SHORT.set(bytes, size, (short) s.charAt(i));
            size += 2;
        }
    }

    /**
     * A string's length as an int and then its chars as bytes, when every char is below 0x80 (its UTF-8 bytes, then);
     * false, with nothing written, otherwise.
     */
    boolean writeAscii(String s) {
        int n = s.length();
        room(4 + n);
        int at = size + 4;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) return false;
            bytes[at + i] = (byte) c;
        }
        INT.set(bytes, size, n);
        size = at + n;
        return true;
    }
}
