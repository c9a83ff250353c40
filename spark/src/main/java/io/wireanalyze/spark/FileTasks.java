package io.wireanalyze.spark;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.ClusterAnalysis;
import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.cli.OptionsRecipe;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.frame.LinkType;
import scala.Tuple2;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.ConcurrentHashMap;

/** What the Spark job's tasks do with one capture file, and the packets they shuffle. */
final class FileTasks {

    private FileTasks() {
    }

    private static final LinkType[] LINKS = LinkType.values();

    /** An executor's options, made once per recipe. */
    private static final Map<OptionsRecipe, AnalysisOptions> OPTIONS = new ConcurrentHashMap<>();

    static AnalysisOptions options(OptionsRecipe recipe) {
        return OPTIONS.computeIfAbsent(recipe, r -> {
            try {
                return r.options();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** A file's frames' headers ({@link ClusterAnalysis#header}), or the error that stopped its reading. */
    static final class Headers implements Serializable {
        final int file;
        final String name;
        final byte[] bytes;
        final String stopReason;
        final String error;

        Headers(int file, String name, byte[] bytes, String stopReason, String error) {
            this.file = file;
            this.name = name;
            this.bytes = bytes;
            this.stopReason = stopReason;
            this.error = error;
        }
    }

    static Headers headers(int file, String name, OptionsRecipe recipe) {
        AnalysisOptions options = options(recipe);
        try (Opened opened = open(name); FrameSource source = opened.source()) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 16);
            DataOutputStream out = new DataOutputStream(bytes);
            Frame f;
            while ((f = source.next()) != null) ClusterAnalysis.header(f, options.protocols(), out);
            out.flush();
            return new Headers(file, name, bytes.toByteArray(), source.stopReason(), null);
        } catch (IOException | RuntimeException e) {
            return new Headers(file, name, new byte[0], null, e.getMessage() != null && e.getMessage().contains(name)
                    ? e.getMessage() : name + ": " + e.getMessage());
        }
    }

    /** For one file, the TCP packets counted, their parts and figures, by the frame's place in the file. */
    static final class Figures implements Serializable {
        final int file;
        final String name;
        int size;
        int[] part = new int[1024];
        long[] index = new long[1024], number = new long[1024], tcpIndex = new long[1024], elapsed = new long[1024], clock = new long[1024];

        Figures(int file, String name) {
            this.file = file;
            this.name = name;
        }

        void add(long index, long number, int part, long tcpIndex, long elapsed, long clock) {
            if (size == this.index.length) {
                int n = size * 2;
                this.part = Arrays.copyOf(this.part, n);
                this.index = Arrays.copyOf(this.index, n);
                this.number = Arrays.copyOf(this.number, n);
                this.tcpIndex = Arrays.copyOf(this.tcpIndex, n);
                this.elapsed = Arrays.copyOf(this.elapsed, n);
                this.clock = Arrays.copyOf(this.clock, n);
            }
            this.index[size] = index;
            this.number[size] = number;
            this.part[size] = part;
            this.tcpIndex[size] = tcpIndex;
            this.elapsed[size] = elapsed;
            this.clock[size] = clock;
            size++;
        }
    }

    /**
     * The file's counted TCP packets, read again, each keyed by its part and TCP index (as the driver told them) with its
     * figures: read as the shuffle takes them, one frame at a time, none parsed here.
     */
    static Iterator<Tuple2<Long, byte[]>> packets(Figures figures) throws IOException {
        Opened opened = open(figures.name);
        FrameSource source = opened.source();
        return new Iterator<>() {
            int next;
            long index = -1;

            @Override
            public boolean hasNext() {
                if (next < figures.size) return true;
                try {
                    source.close();
                    opened.close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return false;
            }

            @Override
            public Tuple2<Long, byte[]> next() {
                if (!hasNext()) throw new NoSuchElementException();
                try {
                    Frame f;
                    do {
                        f = source.next();
                        index++;
                        if (f == null) throw new IOException(figures.name + ": ended before frame " + (figures.index[next] + 1)
                                + " (the file changed since its headers were read)");
                    } while (index < figures.index[next]);
                    Frame numbered = new Frame(figures.number[next], f.timestampNanos(), f.link(), f.rawLinkType(), f.bytes(),
                            f.originalLength(), f.interfaceIndex());
                    long key = (long) figures.part[next] << 40 | figures.tcpIndex[next];
                    byte[] packet = Packet.write(numbered, figures.elapsed[next], figures.clock[next]);
                    next++;
                    return new Tuple2<>(key, packet);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }

    /** A packet as it is shuffled: its frame, whole, and its figures. */
    record Packet(Frame frame, long elapsed, long clock) {

        static byte[] write(Frame f, long elapsed, long clock) {
            ByteBuffer b = f.bytes().duplicate();
            ByteBuffer out = ByteBuffer.allocate(8 * 4 + 1 + 4 * 3 + b.remaining());
            out.putLong(f.number()).putLong(f.timestampNanos()).putLong(elapsed).putLong(clock);
            out.put((byte) f.link().ordinal()).putInt(f.rawLinkType()).putInt(f.originalLength()).putInt(f.interfaceIndex());
            out.put(b);
            return out.array();
        }

        static Packet read(byte[] bytes) {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            long number = b.getLong(), nanos = b.getLong(), elapsed = b.getLong(), clock = b.getLong();
            LinkType link = LINKS[b.get()];
            int raw = b.getInt(), original = b.getInt(), iface = b.getInt();
            Frame f = new Frame(number, nanos, link, raw, b.slice(), original, iface);
            return new Packet(f, elapsed, clock);
        }
    }

    /** A file opened for reading: a local path as it is; a URI (hdfs://, s3a://) copied to a local file first. */
    record Opened(FrameSource source, Path copy) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            if (copy != null) Files.deleteIfExists(copy);
        }
    }

    static Opened open(String name) throws IOException {
        if (!io.wireanalyze.cli.SparkEngines.isUri(name) || name.startsWith("file:")) {
            Path p = name.startsWith("file:") ? Path.of(java.net.URI.create(name)) : Path.of(name);
            return new Opened(CaptureFiles.open(p), null);
        }
        Path copy = Files.createTempFile("wireanalyze-", ".capture");
        try {
            var path = new org.apache.hadoop.fs.Path(name);
            var fs = path.getFileSystem(new org.apache.hadoop.conf.Configuration());
            try (var in = fs.open(path)) {
                Files.copy(in, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            return new Opened(CaptureFiles.open(copy), copy);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(copy);
            throw new IOException(name + ": " + e.getMessage(), e);
        }
    }
}
