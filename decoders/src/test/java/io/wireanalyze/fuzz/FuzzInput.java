package io.wireanalyze.fuzz;

import java.util.Arrays;

/**
 * Reads a fuzz input front to back: control bytes, big-endian lengths, and byte runs. Reading past the end gives
 * zeros and empty runs, so every input, however short, is a valid plan.
 */
final class FuzzInput {

    /** Largest input a fuzz target looks at; longer inputs are cut (keeps the cost of one execution bounded). */
    static final int MAX_LENGTH = 64 * 1024;

    private final byte[] data;
    private int pos;

    FuzzInput(byte[] data) {
        this.data = data.length > MAX_LENGTH ? Arrays.copyOf(data, MAX_LENGTH) : data;
    }

    static byte[] capped(byte[] data) {
        return data.length > MAX_LENGTH ? Arrays.copyOf(data, MAX_LENGTH) : data;
    }

    byte[] array() {
        return data;
    }

    int position() {
        return pos;
    }

    int remaining() {
        return data.length - pos;
    }

    boolean atEnd() {
        return pos >= data.length;
    }

    int u8() {
        return pos < data.length ? data[pos++] & 0xff : 0;
    }

    int u16() {
        return u8() << 8 | u8();
    }

    int s32() {
        return u16() << 16 | u16();
    }

    /** Skips up to {@code n} bytes and returns the index of the first: the run is [index, index + returned length). */
    int take(int n) {
        int at = pos;
        pos += Math.min(n, remaining());
        return at;
    }
}
