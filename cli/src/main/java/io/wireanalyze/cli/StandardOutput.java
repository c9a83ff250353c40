package io.wireanalyze.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * The command line's standard output: the writer picocli would make for it (the same charset: the JVM's
 * {@code sun.stdout.encoding}, else its default; auto-flushing), and, when that charset is UTF-8, the stream under it,
 * for a JSON report written as the UTF-8 bytes it is made of rather than as chars encoded again.
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
     * Where UTF-8 bytes meant for {@code out} can go as they are: standard output's stream, when {@code out} is
     * {@link #WRITER} (flushed first, so that they come after what it holds) and encodes as UTF-8; else null, and the
     * text goes through {@code out}.
     */
    static OutputStream bytesFor(PrintWriter out) {
        if (out != WRITER || !CHARSET.equals(StandardCharsets.UTF_8)) return null;
        out.flush();
        return new OutputStream() {   // the stream stays open: the command line writes after the report
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                STREAM.write(b, off, len);
            }

            @Override
            public void write(int b) {
                STREAM.write(b);
            }

            @Override
            public void flush() {
                STREAM.flush();
            }
        };
    }
}
