package io.wireanalyze.report;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where a report file's text goes. */
public final class ReportFiles {

    private ReportFiles() {
    }

    /**
     * A buffered UTF-8 writer onto {@code file} (created or truncated). A string decoded from captured bytes may hold
     * what UTF-8 cannot encode (modified UTF-8, Java serialization's and JRMP's, carries a lone surrogate as three
     * valid bytes); such a character is written as {@code ?}, as standard output writes it, where the JDK's
     * {@code Files.newBufferedWriter} fails the whole report ("Input length = 1").
     */
    public static Writer writer(Path file) throws IOException {
        return new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(file), StandardCharsets.UTF_8.newEncoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPLACE)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPLACE)));
    }

    /** A buffered stream onto {@code file} (created or truncated), for text made as UTF-8 bytes (a JSON report). */
    public static OutputStream stream(Path file) throws IOException {
        return new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
    }
}
