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

    /**
     * A file's frames' headers ({@link ClusterAnalysis#header}), or the error that stopped its reading. A file's task makes
     * them when the driver's pass over the headers comes near the file: the driver holds the headers of the files its
     * pass is in and of the next few, not of all.
     */
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

    /**
     * A file's place in the pass over the headers: whether it has a frame, and the first one's time; for a file without
     * one, how its reading ended (the pass reads the others' from their headers); the error that stopped its opening or
     * its first frame (a class, not a record: Spark's Kryo cannot make records).
     */
    static final class Summary implements Serializable {
        private final int file;
        private final boolean any;
        private final long firstNanos;
        private final String stopReason, error;

        Summary(int file, boolean any, long firstNanos, String stopReason, String error) {
            this.file = file;
            this.any = any;
            this.firstNanos = firstNanos;
            this.stopReason = stopReason;
            this.error = error;
        }

        int file() {
            return file;
        }

        boolean any() {
            return any;
        }

        long firstNanos() {
            return firstNanos;
        }

        String stopReason() {
            return stopReason;
        }

        String error() {
            return error;
        }
    }

    /** Bytes of a file at a URI copied to read its first frame; the whole file when they do not hold it. */
    static final long FIRST_FRAME_BYTES = 1 << 20;

    /**
     * What the driver needs of every file before its pass: the first frame's time, read without reading the rest (of a
     * file at a URI, only its first {@link #FIRST_FRAME_BYTES} are fetched, unless they do not hold the first frame).
     */
    static Summary summary(int file, String name) {
        Summary s = summary(file, name, FIRST_FRAME_BYTES);
        return s != null ? s : summary(file, name, Long.MAX_VALUE);
    }

    /** The summary from the file's first {@code limit} bytes, or null when a part of the file does not settle it. */
    private static Summary summary(int file, String name, long limit) {
        try (Opened opened = open(name, limit); FrameSource source = opened.source()) {
            Frame first = source.next();
            if (first != null) return new Summary(file, true, first.timestampNanos(), null, null);
            return opened.part() ? null : new Summary(file, false, 0, source.stopReason(), null);
        } catch (IOException | RuntimeException e) {
            return limit < Long.MAX_VALUE ? null : new Summary(file, false, 0, null, error(name, e));
        }
    }

    private static String error(String name, Exception e) {
        return e.getMessage() != null && e.getMessage().contains(name) ? e.getMessage() : name + ": " + e.getMessage();
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
            return new Headers(file, name, new byte[0], null, error(name, e));
        }
    }

    /**
     * For one file, the TCP packets counted, their parts and figures, by the frame's place in the file: each packet's
     * six numbers as differences from the previous packet's, in variable-length bytes (most take one or two), so that
     * the driver keeps about 10 bytes a packet until the files' tasks take them.
     */
    static final class Figures implements Serializable {
        final int file;
        final String name;
        int size;
        private byte[] bytes = new byte[256];
        private int length;
        private long index = -1, number, tcpIndex = -1, elapsed, clock;

        Figures(int file, String name) {
            this.file = file;
            this.name = name;
        }

        void add(long index, long number, int part, long tcpIndex, long elapsed, long clock) {
            if (bytes.length - length < 6 * 10) bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + 60));
            put(index - this.index);
            put(number - this.number);
            put(part);
            put(tcpIndex - this.tcpIndex);
            put(zigzag(elapsed - this.elapsed));
            put(zigzag(clock - this.clock));
            this.index = index;
            this.number = number;
            this.tcpIndex = tcpIndex;
            this.elapsed = elapsed;
            this.clock = clock;
            size++;
        }

        /** The bytes held for this file. */
        int bytes() {
            return length;
        }

        private void put(long v) {
            while ((v & ~0x7fL) != 0) {
                bytes[length++] = (byte) (v & 0x7f | 0x80);
                v >>>= 7;
            }
            bytes[length++] = (byte) v;
        }

        private static long zigzag(long v) {
            return v << 1 ^ v >> 63;
        }

        /** Reads the packets' figures back in order: {@link #next()} fills the fields. */
        final class Reader {
            private int at;
            long index = -1, number, tcpIndex = -1, elapsed, clock;
            int part;

            void next() {
                index += get();
                number += get();
                part = (int) get();
                tcpIndex += get();
                long e = get(), c = get();
                elapsed += e >>> 1 ^ -(e & 1);
                clock += c >>> 1 ^ -(c & 1);
            }

            private long get() {
                long v = 0;
                for (int shift = 0; ; shift += 7) {
                    byte b = bytes[at++];
                    v |= (long) (b & 0x7f) << shift;
                    if (b >= 0) return v;
                }
            }
        }
    }

    /**
     * The file's counted TCP packets, read again, each keyed by its part and TCP index (as the driver told them) with its
     * figures: read as the shuffle takes them, one frame at a time, none parsed here.
     */
    static Iterator<Tuple2<Long, byte[]>> packets(Figures figures) throws IOException {
        Opened opened = open(figures.name);
        FrameSource source = opened.source();
        Figures.Reader figure = figures.new Reader();
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
                    figure.next();
                    Frame f;
                    do {
                        f = source.next();
                        index++;
                        if (f == null) throw new IOException(figures.name + ": ended before frame " + (figure.index + 1)
                                + " (the file changed since its headers were read)");
                    } while (index < figure.index);
                    Frame numbered = new Frame(figure.number, f.timestampNanos(), f.link(), f.rawLinkType(), f.bytes(),
                            f.originalLength(), f.interfaceIndex());
                    long key = (long) figure.part << 40 | figure.tcpIndex;
                    byte[] packet = Packet.write(numbered, figure.elapsed, figure.clock);
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

    /**
     * A file opened for reading: a local path as it is; a URI (hdfs://, s3a://) copied to a local file first, whole or
     * ({@code part}) its first bytes only.
     */
    record Opened(FrameSource source, Path copy, boolean part) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            if (copy != null) Files.deleteIfExists(copy);
        }
    }

    /** Copies {@code in}'s first {@code limit} bytes to {@code to}; whether it had more. */
    static boolean copy(java.io.InputStream in, Path to, long limit) throws IOException {
        if (limit >= Integer.MAX_VALUE) {
            Files.copy(in, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return false;
        }
        byte[] part = in.readNBytes((int) limit);
        Files.write(to, part);
        return part.length == limit && in.read() >= 0;
    }

    static Opened open(String name) throws IOException {
        return open(name, Long.MAX_VALUE);
    }

    /** The file, of which a copy from a URI holds at most {@code limit} bytes (a local file is read as it is). */
    static Opened open(String name, long limit) throws IOException {
        if (!io.wireanalyze.cli.SparkEngines.isUri(name) || name.startsWith("file:")) {
            Path p = name.startsWith("file:") ? Path.of(java.net.URI.create(name)) : Path.of(name);
            return new Opened(CaptureFiles.open(p), null, false);
        }
        Path copy = Files.createTempFile("wireanalyze-", ".capture");
        try {
            var path = new org.apache.hadoop.fs.Path(name);
            var fs = path.getFileSystem(new org.apache.hadoop.conf.Configuration());
            boolean part;
            try (var in = fs.open(path)) {
                part = copy(in, copy, limit);
            }
            return new Opened(CaptureFiles.open(copy), copy, part);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(copy);
            throw new IOException(name + ": " + e.getMessage(), e);
        }
    }
}
