package io.wireanalyze.spark;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.ClusterAnalysis;
import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.cli.OptionsRecipe;
import io.wireanalyze.frame.Endpoints;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.frame.LinkType;
import scala.Tuple2;

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
            Bytes bytes = new Bytes(1 << 16);
            DataOutputStream out = new DataOutputStream(bytes);
            Endpoints endpoints = new Endpoints();
            Frame f;
            while ((f = source.next()) != null) ClusterAnalysis.header(f, options.protocols(), endpoints, out);
            out.flush();
            return new Headers(file, name, bytes.toByteArray(), source.stopReason(), null);
        } catch (IOException | RuntimeException e) {
            return new Headers(file, name, new byte[0], null, error(name, e));
        }
    }

    /**
     * A growing array of bytes written to, without {@code ByteArrayOutputStream}'s lock a call: a file's headers are
     * written a few fields at a time, some twenty calls a frame, while the driver's pass waits for them; a run's
     * packets are written a packet at a time.
     */
    static final class Bytes extends java.io.OutputStream {
        private byte[] bytes;
        private int length;

        Bytes(int capacity) {
            bytes = new byte[capacity];
        }

        private void room(int n) {
            if (bytes.length - length < n) bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + n));
        }

        @Override
        public void write(int b) {
            room(1);
            bytes[length++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            room(len);
            System.arraycopy(b, off, bytes, length, len);
            length += len;
        }

        /** The next {@code n} bytes, as a buffer to write them into. */
        ByteBuffer claim(int n) {
            room(n);
            ByteBuffer b = ByteBuffer.wrap(bytes, length, n);
            length += n;
            return b;
        }

        int length() {
            return length;
        }

        int capacity() {
            return bytes.length;
        }

        byte[] toByteArray() {
            return Arrays.copyOf(bytes, length);
        }

        void clear() {
            length = 0;
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
     * Bytes of packets in a run (at least, the last packet goes over): the unit the shuffle moves and sorts. A record a
     * packet cost Spark's serializer and sort more than the packets' bytes (1.5 million records of a few hundred bytes),
     * a run of a part's packets from one file costs it one record a MiB.
     */
    static final int RUN_BYTES = 1 << 20;

    /**
     * Bytes a file's task holds in its runs at most (about; a packet goes over): with many parts (a cluster's), its
     * largest run goes before it reaches {@link #RUN_BYTES}, and the buffers of runs sent are not kept.
     */
    static final int HELD_BYTES = 64 << 20;

    /**
     * The file's counted TCP packets, read again with their figures (as the driver told them), in runs: consecutive
     * packets of one part, in the file's order and so in capture order, each run keyed by its part and its first TCP
     * index. A run goes when it reaches {@link #RUN_BYTES}, the largest one when the runs hold {@link #HELD_BYTES}, the
     * file's last ones at its end: the task holds at most one run a part. Read as the shuffle takes them, one frame at a
     * time, none parsed here.
     */
    static Iterator<Tuple2<Long, byte[]>> packets(Figures figures, int parts) throws IOException {
        return packets(figures, parts, RUN_BYTES, HELD_BYTES);
    }

    /** {@link #packets(Figures, int)} with runs of {@code runBytes}, {@code heldBytes} held at most. */
    static Iterator<Tuple2<Long, byte[]>> packets(Figures figures, int parts, int runBytes, long heldBytes) throws IOException {
        Opened opened = open(figures.name);
        FrameSource source = opened.source();
        Figures.Reader figure = figures.new Reader();
        Run[] runs = new Run[parts];
        return new Iterator<>() {
            int next;
            long index = -1;
            int flushed = parts;   // at the file's end, runs[0..flushed) are still to go
            Tuple2<Long, byte[]> ready;
            long held;   // the runs' bytes

            @Override
            public boolean hasNext() {
                if (ready != null) return true;
                try {
                    while (ready == null && next < figures.size) {
                        figure.next();
                        Frame f;
                        do {
                            f = source.next();
                            index++;
                            if (f == null) throw new IOException(figures.name + ": ended before frame " + (figure.index + 1)
                                    + " (the file changed since its headers were read)");
                        } while (index < figure.index);
                        next++;
                        Run run = runs[figure.part];
                        if (run == null) run = runs[figure.part] = new Run(figure.part);
                        held += run.add(f, figure.number, figure.tcpIndex, figure.elapsed, figure.clock);
                        if (run.bytes() >= runBytes) {
                            ready = take(run);
                        } else if (held >= heldBytes) {
                            Run largest = run;
                            for (Run r : runs) if (r != null && r.bytes() > largest.bytes()) largest = r;
                            ready = take(largest);
                        }
                    }
                    while (ready == null && next == figures.size && flushed > 0) {
                        Run run = runs[--flushed];
                        if (run != null && run.bytes() > 0) ready = take(run);
                    }
                    if (ready != null) return true;
                    source.close();
                    opened.close();
                    return false;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            /** The run as it is, which starts again empty; its buffer let go when the runs' buffers hold too much. */
            private Tuple2<Long, byte[]> take(Run run) {
                held -= run.bytes();
                long capacity = 0;
                for (Run r : runs) if (r != null) capacity += r.capacity();
                return run.take(capacity > heldBytes);
            }

            @Override
            public Tuple2<Long, byte[]> next() {
                if (!hasNext()) throw new NoSuchElementException();
                Tuple2<Long, byte[]> r = ready;
                ready = null;
                return r;
            }
        };
    }

    /** A part's packets in capture order, written one after another as {@link Packet#write} writes them. */
    static final class Run {
        private static final int FIRST_CAPACITY = 1 << 12;
        private final int part;
        private Bytes bytes = new Bytes(FIRST_CAPACITY);
        private long first = -1;

        Run(int part) {
            this.part = part;
        }

        /** Adds a packet; the bytes it took. */
        int add(Frame f, long number, long tcpIndex, long elapsed, long clock) {
            int size = Packet.size(f);
            Packet.write(f, number, tcpIndex, elapsed, clock, bytes.claim(size));
            if (first < 0) first = tcpIndex;
            return size;
        }

        int bytes() {
            return bytes.length();
        }

        int capacity() {
            return bytes.capacity();
        }

        /**
         * The run so far, keyed by its part and first TCP index; this run starts again empty, in a small buffer when
         * {@code release}, else in its own.
         */
        Tuple2<Long, byte[]> take(boolean release) {
            Tuple2<Long, byte[]> r = new Tuple2<>((long) part << SparkAnalysis.INDEX_BITS | first, bytes.toByteArray());
            first = -1;
            if (release) bytes = new Bytes(FIRST_CAPACITY);
            else bytes.clear();
            return r;
        }
    }

    /**
     * A packet as it is shuffled, in a run of its part's packets: its length, its frame, whole, its TCP index and figures.
     */
    record Packet(Frame frame, long tcpIndex, long elapsed, long clock) {

        private static final int HEAD = 4 + 8 * 5 + 1 + 4 * 3;

        static int size(Frame f) {
            return HEAD + f.bytes().remaining();
        }

        /** Writes the packet at {@code out}'s position; {@code out} has {@link #size} bytes left. */
        static void write(Frame f, long number, long tcpIndex, long elapsed, long clock, ByteBuffer out) {
            ByteBuffer b = f.bytes();
            int n = b.remaining();
            out.putInt(HEAD - 4 + n).putLong(number).putLong(f.timestampNanos()).putLong(tcpIndex).putLong(elapsed).putLong(clock);
            out.put((byte) f.link().ordinal()).putInt(f.rawLinkType()).putInt(f.originalLength()).putInt(f.interfaceIndex());
            out.put(out.position(), b, b.position(), n).position(out.position() + n);
        }

        /** A run of one packet: a datagram reassembled from fragments, which the driver sends itself. */
        static byte[] run(Frame f, long tcpIndex, long elapsed, long clock) {
            byte[] bytes = new byte[size(f)];
            write(f, f.number(), tcpIndex, elapsed, clock, ByteBuffer.wrap(bytes));
            return bytes;
        }

        /** The packet at {@code in}'s position, its bytes a view of {@code in}'s; {@code in} moves past it. */
        static Packet read(ByteBuffer in) {
            int length = in.getInt();
            int end = in.position() + length;
            long number = in.getLong(), nanos = in.getLong(), tcpIndex = in.getLong(), elapsed = in.getLong(), clock = in.getLong();
            LinkType link = LINKS[in.get()];
            int raw = in.getInt(), original = in.getInt(), iface = in.getInt();
            Frame f = new Frame(number, nanos, link, raw, in.slice(in.position(), end - in.position()), original, iface);
            in.position(end);
            return new Packet(f, tcpIndex, elapsed, clock);
        }
    }

    /**
     * A part's packets in capture order, from its runs in the order of their first TCP index (as the shuffle sorts them):
     * runs from files whose times overlap interleave, so the packets are merged by TCP index across the runs open at once
     * (with rotated files, one or two).
     */
    static Iterator<Packet> inOrder(Iterator<Tuple2<Long, byte[]>> runs) {
        final class Cursor {
            final ByteBuffer in;
            Packet packet;

            Cursor(byte[] run) {
                in = ByteBuffer.wrap(run);
                packet = Packet.read(in);
            }

            boolean advance() {
                if (!in.hasRemaining()) return false;
                packet = Packet.read(in);
                return true;
            }
        }
        java.util.PriorityQueue<Cursor> open = new java.util.PriorityQueue<>(java.util.Comparator.comparingLong(c -> c.packet.tcpIndex()));
        return new Iterator<>() {
            Cursor pending = runs.hasNext() ? new Cursor(runs.next()._2()) : null;

            @Override
            public boolean hasNext() {
                return pending != null || !open.isEmpty();
            }

            @Override
            public Packet next() {
                // A run not open yet starts at its first TCP index, above every index before it in its part: the least
                // open packet goes first unless the next run starts below it.
                while (pending != null && (open.isEmpty() || pending.packet.tcpIndex() < open.peek().packet.tcpIndex())) {
                    open.add(pending);
                    pending = runs.hasNext() ? new Cursor(runs.next()._2()) : null;
                }
                if (open.isEmpty()) throw new NoSuchElementException();
                Cursor c = open.poll();
                Packet p = c.packet;
                if (c.advance()) open.add(c);
                return p;
            }
        };
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
