package io.wireanalyze.cli;

import java.io.BufferedWriter;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * The command line's standard output: the writer picocli would make for it (the same charset: the JVM's
 * {@code sun.stdout.encoding}, else its default; auto-flushing), and the stream under it, for a JSON report: JSON
 * text goes out as UTF-8 (RFC 8259 asks it of JSON exchanged between systems), the bytes it is made of, whatever the
 * locale. In the POSIX locale Java 17's default charset is ASCII, and a name with a letter outside it came out as
 * {@code ?} where the report file has the letter.
 */
final class StandardOutput {

    private static final Charset CHARSET = charset();
    private static final PrintStream STREAM = System.out;
    static final PrintWriter WRITER = new PrintWriter(new BufferedWriter(new java.io.OutputStreamWriter(STREAM, CHARSET)), true);

    private StandardOutput() {
    }

    private static Charset charset() {
        String name = System.getProperty("sun.stdout.encoding");
        try {
            return name != null ? Charset.forName(name) : Charset.defaultCharset();
        } catch (RuntimeException e) {
            return Charset.defaultCharset();
        }
    }

    /**
     * Where a JSON report's UTF-8 bytes meant for {@code out} go as they are: standard output's stream, when {@code out}
     * is {@link #WRITER} (flushed first, so that they come after what it holds); else null, and the text goes through
     * {@code out} (a test's writer).
     */
    static OutputStream bytesFor(PrintWriter out) {
        if (out != WRITER) return null;
        out.flush();
        return STREAM;   // left open by the report: the command line writes after it
    }
}
