package io.wireanalyze.jmh;

import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.protocol.tls.TlsKeyLog;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A fixture capture held in memory, so that a benchmark times the analysis and not the disk: its frames (bytes
 * copied once), and the TLS key log beside it when there is one.
 */
record InMemoryCapture(Path file, List<Frame> frames, TlsKeyLog keys, long bytes) {

    /** Reads {@code fixtures/<relative>}. */
    static InMemoryCapture load(String relative) throws IOException {
        Path file = fixtures().resolve(relative);
        if (!Files.isRegularFile(file)) throw new IOException(file + ": no such fixture");
        List<Frame> frames = new ArrayList<>();
        long bytes = 0;
        try (FrameSource s = CaptureFiles.open(file)) {
            for (Frame f = s.next(); f != null; f = s.next()) {
                ByteBuffer copy = ByteBuffer.allocate(f.capturedLength()).put(f.bytes().duplicate()).flip();
                frames.add(new Frame(f.number(), f.timestampNanos(), f.link(), f.rawLinkType(), copy.asReadOnlyBuffer(), f.originalLength()));
                bytes += f.capturedLength();
            }
        }
        String name = file.getFileName().toString();
        Path keyFile = file.resolveSibling(name.substring(0, name.lastIndexOf('.')) + ".keys");
        TlsKeyLog keys = Files.exists(keyFile) ? TlsKeyLog.parse(Files.readAllLines(keyFile, StandardCharsets.ISO_8859_1)) : TlsKeyLog.EMPTY;
        return new InMemoryCapture(file, List.copyOf(frames), keys, bytes);
    }

    /** The frames as a fresh source; each frame a new view of its bytes, so that no run sees another's position. */
    FrameSource source() {
        return new FrameSource() {
            private int next;

            @Override
            public Frame next() {
                if (next == frames.size()) return null;
                Frame f = frames.get(next++);
                return new Frame(f.number(), f.timestampNanos(), f.link(), f.rawLinkType(), f.bytes().duplicate(), f.originalLength());
            }

            @Override
            public String name() {
                return file.toString();
            }

            @Override
            public void close() {
            }
        };
    }

    /**
     * The repository's fixtures/: {@code -Dwireanalyze.fixtures=DIR}, else the first folder holding fixtures/ and a
     * pom.xml from the working directory up (JMH's forks keep the working directory).
     */
    static Path fixtures() throws IOException {
        String given = System.getProperty("wireanalyze.fixtures");
        if (given != null) return Path.of(given);
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("fixtures")) && Files.exists(p.resolve("pom.xml"))) return p.resolve("fixtures");
        }
        throw new IOException("no fixtures/ folder above " + Path.of("").toAbsolutePath()
                + " (run from the repository, or pass -Dwireanalyze.fixtures=DIR through -jvmArgsAppend)");
    }
}
