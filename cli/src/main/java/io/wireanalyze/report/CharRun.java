package io.wireanalyze.report;

import java.io.IOException;
import java.io.Writer;
import java.util.Arrays;

/**
 * Text in a char array that one thread writes and another then reads whole: a batch of a CSV report's rows as its
 * printer wrote them. Where a {@link java.io.StringWriter} locks its buffer for every write, and it and a
 * {@link StringBuilder} check every char they are given for whether the text still fits in bytes (a fifth of a JSON
 * formatter's time), this only copies; and its text is handed on as it is, without the copy of a {@code toString}.
 */
final class CharRun extends Writer implements Batched.Text {

    private char[] chars;
    private int length;

    CharRun(int capacity) {
        chars = new char[Math.max(16, capacity)];
    }

    /** A text for a batch of {@code records} records (a CSV row's worth of chars each, to start with). */
    static CharRun forRecords(int records) {
        return new CharRun(records * 256);
    }

    @Override
    public void write(char[] c, int off, int len) {
        room(len);
        System.arraycopy(c, off, chars, length, len);
        length += len;
    }

    @Override
    public void write(int c) {
        room(1);
        chars[length++] = (char) c;
    }

    @Override
    public void write(String s, int off, int len) {
        room(len);
        s.getChars(off, off + len, chars, length);
        length += len;
    }

    private void room(int more) {
        if (more > chars.length - length) chars = Arrays.copyOf(chars, Math.max(chars.length * 2, Math.addExact(length, more)));
    }

    /** Forgets what was written (the array is kept). */
    @Override
    public void clear() {
        length = 0;
    }

    /** Writes the text to {@code out}: a writer gets the array as it is, anything else a view of it. */
    void writeTo(Appendable out) throws IOException {
        if (out instanceof Writer w) w.write(chars, 0, length);
        else out.append(java.nio.CharBuffer.wrap(chars, 0, length));
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
