package io.wireanalyze.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * JSON text laid out as Jackson's default pretty printer lays it out, character for character (the report's text
 * since its first version: people diff and grep it): an object's entries on lines of their own, indented two spaces a
 * level, {@code "key" : value}; an array's values on the line, {@code [ a, b ]}; {@code { }} and {@code [ ]} when
 * empty. Strings are escaped as Jackson escapes them: {@code \"}, {@code \\}, {@code \b \t \n \f \r}, any other
 * control character as a backslash, {@code u} and four hex digits (upper case), nothing else. The text is written as
 * UTF-8 bytes, as the report goes out: a lone surrogate (which a string decoded from modified UTF-8 can hold) becomes
 * {@code ?}, as a UTF-8 writer replacing what it cannot encode wrote it.
 * <p>
 * Jackson's generator, behind its pretty printer, took twice the time for a report's messages: every token through
 * the printer's calls, every string copied into its buffer before it is scanned. This appends to a {@link ByteRun}, and
 * an object's keys come quoted once ({@link #key}). {@code PrettyJsonTest} checks it against Jackson's text written as
 * UTF-8, on every capture the tests know and on strings of every character.
 */
final class PrettyJson {

    private static final byte[] EOL = System.lineSeparator().getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL = {'n', 'u', 'l', 'l'}, TRUE = {'t', 'r', 'u', 'e'}, FALSE = {'f', 'a', 'l', 's', 'e'},
            SEPARATOR = {' ', ':', ' '};
    /** Spaces for an entry's line, sliced as deep as it is. */
    private static final byte[] SPACES = new byte[256];
    /** Written to the stream (if any) once this much text waits. */
    private static final int FLUSH_BYTES = 1 << 16;
    /** What each character below 128 is escaped as: 0 not at all, -1 as its code in hex, else as a backslash and that char. */
    private static final int[] ESCAPES = new int[128];

    static {
        Arrays.fill(SPACES, (byte) ' ');
        for (int c = 0; c < 32; c++) ESCAPES[c] = -1;
        ESCAPES['"'] = '"';
        ESCAPES['\\'] = '\\';
        ESCAPES['\b'] = 'b';
        ESCAPES['\t'] = 't';
        ESCAPES['\f'] = 'f';
        ESCAPES['\n'] = 'n';
        ESCAPES['\r'] = 'r';
    }

    private final ByteRun text;
    private final OutputStream out;
    /** Per open container (object or array), outermost first: its entries so far. */
    private int[] entries = new int[16];
    private int depth;
    /** Objects open: the indentation of their entries' lines. */
    private int nesting;
    private int rootValues;
    /** A key was written: the next value is its value. */
    private boolean afterKey;
    /** Where {@link #number(Double, int)} puts a number's text. */
    private final byte[] scaled = new byte[Fmt.SCALED_BYTES];

    /** Text into {@code text}, which the caller takes. */
    PrettyJson(ByteRun text) {
        this(text, null);
    }

    /**
     * Values of an array open {@code nesting} objects deep into {@code text}, which the caller takes: a batch of the
     * report's array's values, the first after the space an array's first value gets, each other after a comma.
     */
    static PrettyJson arrayValues(ByteRun text, int nesting) {
        PrettyJson j = new PrettyJson(text);
        j.push();
        j.nesting = nesting;
        return j;
    }

    /** Text to {@code out}, through {@code text} ({@link #flush} at the end). */
    PrettyJson(ByteRun text, OutputStream out) {
        this.text = text;
        this.out = out;
    }

    /** {@code name} quoted and escaped, then the separator before a value: what {@link #field(byte[])} takes. */
    static byte[] key(String name) {
        ByteRun k = new ByteRun(name.length() + 6);
        PrettyJson j = new PrettyJson(k);
        j.quoted(name);
        k.write(SEPARATOR);
        return Arrays.copyOf(k.bytes(), k.length());
    }

    /**
     * A key as {@link #key} makes it, and the whole of its entry's line before the value at one depth of objects: the
     * line break, the indentation, the key and separator, and the comma before them for every entry but an object's
     * first. A report writing many records of the same keys at the same depth writes each entry's start as one copy
     * ({@link #field(Key)}) rather than a comma, a line break, spaces and the key one after another. Made again, here,
     * when used at another depth; so one thread's (a report's caches are its formatter's).
     */
    static final class Key {
        final byte[] key;
        private int nesting = -1;
        private byte[] first, next;

        Key(String name) {
            this.key = key(name);
        }
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
    void field(byte[] key) throws IOException {
        beforeKey();
        text.write(key);
    }

    /** An entry's key in the open object, with its line as one copy when it was made for this depth. */
    void field(Key k) throws IOException {
        if (k.nesting != nesting) lines(k);
        flushIfFull();
        text.write(entries[depth - 1]++ > 0 ? k.next : k.first);
        afterKey = true;
    }

    /** {@code k}'s lines at this depth. */
    private void lines(Key k) {
        ByteRun line = new ByteRun(1 + EOL.length + 2 * nesting + k.key.length);
        line.write(',');
        line.write(EOL);
        for (int i = 0; i < nesting; i++) {
            line.write(' ');
            line.write(' ');
        }
        line.write(k.key);
        byte[] next = Arrays.copyOf(line.bytes(), line.length());
        k.first = Arrays.copyOfRange(next, 1, next.length);
        k.next = next;
        k.nesting = nesting;
    }

    /** An entry's key, escaped here. */
    void field(String name) throws IOException {
        beforeKey();
        quoted(name);
        text.write(SEPARATOR);
    }

    /** A string value; null as JSON's null (as Jackson's {@code writeString(null)}). */
    void string(String s) throws IOException {
        beforeValue();
        if (s == null) text.write(NULL);
        else quoted(s);
    }

    void number(long n) throws IOException {
        beforeValue();
        if (n < -Integer.MAX_VALUE || n > Integer.MAX_VALUE) {   // rare: a capture's start in epoch nanoseconds
            text.ascii(Long.toString(n));
            return;
        }
        if (n < 0) {
            text.write('-');
            n = -n;
        }
        digits((int) n);   // by int division: C1's code calls the runtime for each long one
    }

    /** The decimal digits of {@code n} (not negative). */
    private void digits(int n) {
        byte[] c = text.claim(Fmt.digitCount(n));
        Fmt.digits(n, c, text.length());
    }

    /**
     * {@code d} as {@link Fmt#plain} writes it with {@code scale} decimals, without its string where {@link Fmt#scaled}
     * answers (nearly always); null, NaN and infinity as JSON's null.
     */
    void number(Double d, int scale) throws IOException {
        if (d == null) number((String) null);
        else number(d.doubleValue(), scale);
    }

    /** The same for a {@code double}. */
    void number(double d, int scale) throws IOException {
        int at = Fmt.scaled(d, scale, scaled);   // -1 for NaN and infinity too
        if (at < 0) {
            number(Fmt.plain(d, scale));
            return;
        }
        beforeValue();
        text.write(scaled, at, scaled.length - at);
    }

    /** A number already in its text form (as {@link Fmt#plain} gives it); null as JSON's null (as Jackson's). */
    void number(String plain) throws IOException {
        beforeValue();
        if (plain == null) text.write(NULL);
        else text.ascii(plain);
    }

    void bool(boolean b) throws IOException {
        beforeValue();
        text.write(b ? TRUE : FALSE);
    }

    void nul() throws IOException {
        beforeValue();
        text.write(NULL);
    }

    /** Text made elsewhere (a batch of an array's values) where the next value goes; the open array now has values. */
    void raw(ByteRun values) throws IOException {
        if (depth > 0) entries[depth - 1]++;
        if (out == null) {
            text.write(values.bytes(), 0, values.length());
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
        if (out != null && text.length() >= FLUSH_BYTES) flush();
    }

    /** Writes the text so far to the stream. */
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
        text.write(EOL);
        int spaces = 2 * nesting;
        if (spaces <= SPACES.length) {
            text.write(SPACES, 0, spaces);
        } else {
            byte[] c = text.claim(spaces);
            Arrays.fill(c, text.length() - spaces, text.length(), (byte) ' ');
        }
    }

    /**
     * {@code s} quoted and escaped, as UTF-8: its plain ASCII chars (nearly all) copied a byte each in one pass, the
     * rest escaped or encoded from the first that is not.
     */
    private void quoted(String s) {
        int n = s.length();
        byte[] c = text.claim(n + 2);
        int at = text.length() - n - 2;
        c[at] = '"';
        int i = 0;
        for (; i < n; i++) {
            char ch = s.charAt(i);
            if (ch >= 128 || ESCAPES[ch] != 0) break;
            c[at + 1 + i] = (byte) ch;
        }
        if (i == n) {
            c[at + 1 + n] = '"';
            return;
        }
        // a character to escape or encode: the rest, one by one (rare: names and values are nearly always plain)
        text.unclaim(n + 1 - i);
        for (int k = i; k < n; k++) {
            char ch = s.charAt(k);
            if (ch < 128) {
                int e = ESCAPES[ch];
                if (e == 0) {
                    text.write(ch);
                } else if (e > 0) {
                    text.write('\\');
                    text.write(e);
                } else {
                    byte[] u = text.claim(6);
                    int p = text.length() - 6;
                    u[p] = '\\';
                    u[p + 1] = 'u';
                    u[p + 2] = '0';
                    u[p + 3] = '0';
                    u[p + 4] = HEX[ch >> 4];
                    u[p + 5] = HEX[ch & 0xF];
                }
            } else if (ch < 0x800) {
                text.write(0xC0 | ch >> 6);
                text.write(0x80 | ch & 0x3F);
            } else if (!Character.isSurrogate(ch)) {
                text.write(0xE0 | ch >> 12);
                text.write(0x80 | ch >> 6 & 0x3F);
                text.write(0x80 | ch & 0x3F);
            } else if (Character.isHighSurrogate(ch) && k + 1 < n && Character.isLowSurrogate(s.charAt(k + 1))) {
                int cp = Character.toCodePoint(ch, s.charAt(++k));
                text.write(0xF0 | cp >> 18);
                text.write(0x80 | cp >> 12 & 0x3F);
                text.write(0x80 | cp >> 6 & 0x3F);
                text.write(0x80 | cp & 0x3F);
            } else {
                text.write('?');   // a lone surrogate, which UTF-8 cannot encode: what a replacing UTF-8 writer writes
            }
        }
        text.write('"');
    }
}
