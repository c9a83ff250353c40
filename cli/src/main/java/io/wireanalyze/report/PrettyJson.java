package io.wireanalyze.report;

import java.io.IOException;
import java.io.Writer;
import java.util.Arrays;

/**
 * JSON text laid out as Jackson's default pretty printer lays it out, character for character (the report's text
 * since its first version: people diff and grep it): an object's entries on lines of their own, indented two spaces a
 * level, {@code "key" : value}; an array's values on the line, {@code [ a, b ]}; {@code { }} and {@code [ ]} when
 * empty. Strings are escaped as Jackson escapes them: {@code \"}, {@code \\}, {@code \b \t \n \f \r}, any other
 * control character as a backslash, {@code u} and four hex digits (upper case), nothing else (a lone surrogate is written as it is, and
 * becomes {@code ?} where the text is encoded as UTF-8).
 * <p>
 * Jackson's generator, behind its pretty printer, took twice the time for a report's messages: every token through
 * the printer's calls, every string copied into its buffer before it is scanned. This appends to a {@link CharRun}, and
 * an object's keys come quoted once ({@link #key}). {@code PrettyJsonTest} checks it against Jackson on every capture
 * the tests know and on strings of every character class.
 */
final class PrettyJson {

    private static final String EOL = System.lineSeparator();
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
    /** Written to the writer (if any) once this much text waits. */
    private static final int FLUSH_CHARS = 1 << 16;
    /** What each character below 128 is escaped as: 0 not at all, -1 as its code in hex, else as a backslash and that char. */
    private static final int[] ESCAPES = new int[128];

    static {
        for (int c = 0; c < 32; c++) ESCAPES[c] = -1;
        ESCAPES['"'] = '"';
        ESCAPES['\\'] = '\\';
        ESCAPES['\b'] = 'b';
        ESCAPES['\t'] = 't';
        ESCAPES['\f'] = 'f';
        ESCAPES['\n'] = 'n';
        ESCAPES['\r'] = 'r';
    }

    private final CharRun text;
    private final Writer out;
    /** Per open container (object or array), outermost first: its entries so far. */
    private int[] entries = new int[16];
    private int depth;
    /** Objects open: the indentation of their entries' lines. */
    private int nesting;
    private int rootValues;
    /** A key was written: the next value is its value. */
    private boolean afterKey;

    /** Text into {@code text}, which the caller takes. */
    PrettyJson(CharRun text) {
        this(text, null);
    }

    /**
     * Values of an array open {@code nesting} objects deep into {@code text}, which the caller takes: a batch of the
     * report's array's values, the first after the space an array's first value gets, each other after a comma.
     */
    static PrettyJson arrayValues(CharRun text, int nesting) {
        PrettyJson j = new PrettyJson(text);
        j.push();
        j.nesting = nesting;
        return j;
    }

    /** Text to {@code out}, through {@code text} ({@link #flush} at the end). */
    PrettyJson(CharRun text, Writer out) {
        this.text = text;
        this.out = out;
    }

    /** {@code name} quoted and escaped, then the separator before a value: what {@link #field(char[])} takes. */
    static char[] key(String name) {
        CharRun k = new CharRun(name.length() + 6);
        PrettyJson j = new PrettyJson(k);
        j.quoted(name);
        k.write(" : ", 0, 3);
        return Arrays.copyOf(k.chars(), k.length());
    }

    void startObject() throws IOException {
        beforeValue();
        text.write('{');
        push();
        nesting++;
    }

    void endObject() {
        int n = entries[--depth];
        nesting--;
        if (n > 0) newLine();
        else text.write(' ');
        text.write('}');
    }

    void startArray() throws IOException {
        beforeValue();
        text.write('[');
        push();
    }

    void endArray() {
        depth--;
        text.write(' ');
        text.write(']');
    }

    /** An entry's key in the open object, as {@link #key} made it. */
    void field(char[] key) throws IOException {
        beforeKey();
        text.write(key, 0, key.length);
    }

    /** An entry's key, escaped here. */
    void field(String name) throws IOException {
        beforeKey();
        quoted(name);
        text.write(" : ", 0, 3);
    }

    /** A string value; null as JSON's null (as Jackson's {@code writeString(null)}). */
    void string(String s) throws IOException {
        beforeValue();
        if (s == null) text.write("null", 0, 4);
        else quoted(s);
    }

    void number(long n) throws IOException {
        beforeValue();
        if (n == Long.MIN_VALUE) {
            text.write(Long.toString(n));
            return;
        }
        if (n < 0) {
            text.write('-');
            n = -n;
        }
        int digits = 1;
        for (long t = n; t >= 10; t /= 10) digits++;
        char[] c = text.claim(digits);
        int end = text.length();
        for (int i = end - 1; i >= end - digits; i--) {
            c[i] = (char) ('0' + n % 10);
            n /= 10;
        }
    }

    /** A number already in its text form (as {@link Fmt#plain} gives it); null as JSON's null (as Jackson's). */
    void number(String plain) throws IOException {
        beforeValue();
        if (plain == null) text.write("null", 0, 4);
        else text.write(plain, 0, plain.length());
    }

    void bool(boolean b) throws IOException {
        beforeValue();
        if (b) text.write("true", 0, 4);
        else text.write("false", 0, 5);
    }

    void nul() throws IOException {
        beforeValue();
        text.write("null", 0, 4);
    }

    /** Text made elsewhere (a batch of an array's values) where the next value goes; the open array now has values. */
    void raw(CharRun values) throws IOException {
        if (depth > 0) entries[depth - 1]++;
        if (out == null) {
            text.write(values.chars(), 0, values.length());
        } else {
            flush();
            values.writeTo(out);
        }
    }

    /** One character as it is (the comma between two batches of an array's values). */
    void raw(char c) {
        text.write(c);
    }

    private void flushIfFull() throws IOException {
        if (out != null && text.length() >= FLUSH_CHARS) flush();
    }

    /** Writes the text so far to the writer. */
    void flush() throws IOException {
        if (out == null) return;
        text.writeTo(out);
        text.clear();
    }

    /** The separator and line before an object's entry; the value that follows is the entry's. */
    private void beforeKey() throws IOException {
        flushIfFull();
        if (entries[depth - 1]++ > 0) text.write(',');
        newLine();
        afterKey = true;
    }

    private void beforeValue() throws IOException {
        if (afterKey) {
            afterKey = false;
            return;
        }
        flushIfFull();
        if (depth == 0) {
            if (rootValues++ > 0) text.write(' ');
        } else if (entries[depth - 1]++ > 0) {
            text.write(',');
            text.write(' ');
        } else {
            text.write(' ');
        }
    }

    private void push() {
        if (depth == entries.length) entries = Arrays.copyOf(entries, depth * 2);
        entries[depth++] = 0;
    }

    private void newLine() {
        text.write(EOL, 0, EOL.length());
        int spaces = 2 * nesting;
        char[] c = text.claim(spaces);
        Arrays.fill(c, text.length() - spaces, text.length(), ' ');
    }

    private void quoted(String s) {
        int n = s.length();
        char[] c = text.claim(n + 2);
        int at = text.length() - n - 2;
        c[at] = '"';
        s.getChars(0, n, c, at + 1);
        int i = at + 1, end = at + 1 + n;
        while (i < end && (c[i] >= 128 || ESCAPES[c[i]] == 0)) i++;
        if (i == end) {
            c[end] = '"';
            return;
        }
        // a character to escape: the rest again, escaped (rare: names and values are nearly always plain)
        text.unclaim(end + 1 - i);
        for (int k = i - at - 1; k < n; k++) {
            char ch = s.charAt(k);
            int e = ch < 128 ? ESCAPES[ch] : 0;
            if (e == 0) {
                text.write(ch);
            } else if (e > 0) {
                text.write('\\');
                text.write((char) e);
            } else {
                text.write("\\u00", 0, 4);
                text.write(HEX[ch >> 4]);
                text.write(HEX[ch & 0xF]);
            }
        }
        text.write('"');
    }
}
