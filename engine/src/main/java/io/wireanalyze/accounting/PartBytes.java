package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;
import io.wireanalyze.protocol.ProtocolName;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * A part of a split analysis ({@link SplitAnalysis.Part}) and a round's facts ({@link SplitAnalysis.Round}) as bytes,
 * for an engine whose parts run in other JVMs (the Spark job's tasks, settled on its driver). Our own format, written
 * and read field by field: nothing here is Java serialization, and the records come back through {@link Codecs},
 * which makes only wireanalyze's own record and enum classes. A part's records are read as the settle step goes
 * through them, straight from the bytes: a part costs the driver its bytes, not its records as objects.
 */
final class PartBytes {

    private static final int MAGIC = 0x57415054;   // "WAPT"
    private static final int VERSION = 3;   // 2: a part's message limit and the messages it left out; 3: messages and invocations written field by field

    private PartBytes() {
    }

    /** A finished part as bytes (its records read out of any spill files, which go now). */
    static byte[] write(SplitAnalysis.Part part) {
        try {
            Codecs codecs = new Codecs();
            ByteArrayOutputStream[] lists = {new ByteArrayOutputStream(1 << 12), new ByteArrayOutputStream(1 << 16),
                    new ByteArrayOutputStream(1 << 12), new ByteArrayOutputStream(1 << 12)};
            int[] counts = {
                    records(lists[0], part.connections(), codecs.connections),
                    records(lists[1], part.messages(), codecs.messages),
                    records(lists[2], part.invocations(), codecs.invocations),
                    records(lists[3], part.packets(), codecs.packets)};
            int size = 0;
            for (ByteArrayOutputStream l : lists) size += l.size();
            ByteArrayOutputStream all = new ByteArrayOutputStream(size + 4096);
            DataOutputStream out = new DataOutputStream(all);
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            totals(out, part.totals());
            logs(out, part.logs());
            servers(out, part.knownServers());
            servers(out, part.unpinned());
            out.writeBoolean(part.provisional());
            out.writeInt(part.messageLimit());
            out.writeLong(part.messagesLeftOut());
            out.writeInt(part.firsts().length);
            for (long f : part.firsts()) out.writeLong(f);
            List<String> names = codecs.classNames();
            out.writeInt(names.size());
            for (String n : names) out.writeUTF(n);
            for (int i = 0; i < 4; i++) {
                out.writeInt(counts[i]);
                out.writeInt(lists[i].size());
            }
            for (ByteArrayOutputStream l : lists) l.writeTo(out);
            out.flush();
            return all.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a part of the analysis", e);
        }
    }

    /** A part written by {@link #write}; its records are read from {@code bytes} as they are iterated. */
    static SplitAnalysis.Part read(byte[] bytes) throws IOException {
        return read(bytes, null);
    }

    /**
     * A part written by {@link #write}; with a {@code recordsFile}, its records are written there now and read from
     * it as they are iterated, so that the caller need not keep {@code bytes} (the driver of many parts holds their
     * facts and figures, not their records). The file is the part's lists': closing the last of them ({@link
     * Spill#close}, as closing the result they went into does) deletes it.
     */
    static SplitAnalysis.Part read(byte[] bytes, Path recordsFile) throws IOException {
        try {
            return readPart(bytes, recordsFile);
        } catch (java.io.EOFException e) {
            throw new IOException("a part of the analysis ends early (" + bytes.length + " bytes): its header is cut", e);
        }
    }

    private static SplitAnalysis.Part readPart(byte[] bytes, Path recordsFile) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        header(in, "part");
        Totals totals = totals(in);
        List<FactLog> logs = logs(in);
        Set<Lane.Server> known = servers(in);
        Set<Lane.Server> unpinned = servers(in);
        boolean provisional = in.readBoolean();
        int messageLimit = count(in, "messages listed");
        long messagesLeftOut = in.readLong();
        if (messagesLeftOut < 0) throw new IOException("a part left out a negative count of messages: " + messagesLeftOut);
        int connections = count(in, "connections");
        if (connections > in.available() / 8) throw new IOException("a part of " + connections + " connections, past its end");
        long[] firsts = new long[connections];
        for (int i = 0; i < connections; i++) firsts[i] = in.readLong();
        int n = count(in, "class names");
        List<String> names = new ArrayList<>(n);
        for (int i = 0; i < n; i++) names.add(in.readUTF());
        Codecs codecs = new Codecs(names);
        int[] counts = new int[4], offsets = new int[5];
        offsets[0] = 0;
        for (int i = 0; i < 4; i++) {
            counts[i] = count(in, "records");
            offsets[i + 1] = offsets[i] + count(in, "record bytes");
        }
        int start = bytes.length - in.available();
        if (offsets[4] != bytes.length - start) {
            throw new IOException("a part's records are " + (bytes.length - start) + " bytes (its header says " + offsets[4] + ")");
        }
        Source source;
        Runnable release;
        if (recordsFile == null) {
            source = offset -> new ByteArrayInputStream(bytes, start + (int) offset, bytes.length - start - (int) offset);
            release = null;
        } else {
            try (OutputStream out = Files.newOutputStream(recordsFile)) {
                out.write(bytes, start, bytes.length - start);
            }
            recordsFile.toFile().deleteOnExit();   // only a backstop, for what a failure left: closing the lists deletes it
            source = offset -> {
                FileChannel channel = FileChannel.open(recordsFile, StandardOpenOption.READ);
                channel.position(offset);
                return new BufferedInputStream(Channels.newInputStream(channel), 1 << 16);
            };
            java.util.concurrent.atomic.AtomicInteger open = new java.util.concurrent.atomic.AtomicInteger(4);   // its lists reading it
            release = () -> {
                if (open.decrementAndGet() > 0) return;
                try {
                    Files.deleteIfExists(recordsFile);
                } catch (IOException e) {
                    recordsFile.toFile().deleteOnExit();   // held open elsewhere (Windows): at exit, then
                }
            };
        }
        var stats = new Records<>(source, release, offsets[0], counts[0], codecs.connections);
        var messages = new Records<>(source, release, offsets[1], counts[1], codecs.messages);
        var invocations = new Records<>(source, release, offsets[2], counts[2], codecs.invocations);
        var packets = new Records<>(source, release, offsets[3], counts[3], codecs.packets);
        return new SplitAnalysis.Part(totals, logs, known, unpinned, provisional, firsts, stats, messages, invocations, packets, codecs,
                messageLimit, messagesLeftOut);
    }

    /** The facts and proved servers a round starts from, as bytes. */
    static byte[] write(SplitAnalysis.Round round) {
        try {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(all);
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            logs(out, round.logs());
            servers(out, round.knownServers());
            out.flush();
            return all.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a round's facts", e);
        }
    }

    static SplitAnalysis.Round round(byte[] bytes) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        header(in, "round");
        List<FactLog> logs = logs(in);
        Set<Lane.Server> known = servers(in);
        return logs.isEmpty() && known.isEmpty() ? SplitAnalysis.Round.FIRST : new SplitAnalysis.Round(logs, known);
    }

    private static void header(DataInputStream in, String what) throws IOException {
        int magic = in.readInt(), version = in.readInt();
        if (magic != MAGIC) throw new IOException("not a " + what + " of a wireanalyze analysis (magic 0x" + Integer.toHexString(magic) + ")");
        if (version != VERSION) throw new IOException("a " + what + " written by another version of wireanalyze (format " + version + ", expected " + VERSION + ")");
    }

    private static int count(DataInputStream in, String what) throws IOException {
        int n = in.readInt();
        if (n < 0) throw new IOException("a negative count of " + what + ": " + n);
        return n;
    }

    private static <T> int records(ByteArrayOutputStream bytes, List<T> list, Spill.Codec<T> codec) throws IOException {
        SpillOut out = new SpillOut(1 << 16);
        int n = 0;
        for (T t : list) {
            codec.write(out, t);
            n++;
            if (out.size() >= 1 << 16) {
                out.writeTo(bytes);
                out.reset();
            }
        }
        out.writeTo(bytes);
        Spill.close(list);
        return n;
    }

    private static void totals(DataOutputStream out, Totals t) throws IOException {
        for (long[] a : arrays(t)) {
            out.writeInt(a.length);
            for (long v : a) out.writeLong(v);
        }
        out.writeLong(t.firstCallFrame);
        out.writeLong(t.firstCallIndex);
        out.writeLong(t.firstCallNanos);
        out.writeLong(t.firstMarkerNanos);
    }

    private static Totals totals(DataInputStream in) throws IOException {
        Totals t = new Totals();
        for (long[] a : arrays(t)) {
            int n = in.readInt();
            if (n != a.length) throw new IOException("a part with " + n + " phases (this version has " + a.length + ")");
            for (int i = 0; i < n; i++) a[i] = in.readLong();
        }
        t.firstCallFrame = in.readLong();
        t.firstCallIndex = in.readLong();
        t.firstCallNanos = in.readLong();
        t.firstMarkerNanos = in.readLong();
        return t;
    }

    private static long[][] arrays(Totals t) {
        return new long[][]{t.packets, t.wireBytes, t.payloadBytes, t.retransmissions, t.elapsedNanos, t.firstNanos, t.lastNanos};
    }

    private static void logs(DataOutputStream out, List<FactLog> logs) throws IOException {
        out.writeInt(logs.size());
        for (FactLog log : logs) {
            out.writeInt(log.facts.size());
            for (FactLog.Fact f : log.facts) {
                string(out, f.kind());
                string(out, f.key());
                string(out, f.value());
                out.writeLong(f.stamp());
            }
            out.writeInt(log.unanswered.size());
            for (var e : log.unanswered.entrySet()) {
                string(out, e.getKey());
                out.writeLong(e.getValue());
            }
        }
    }

    private static List<FactLog> logs(DataInputStream in) throws IOException {
        int n = count(in, "fact logs");
        List<FactLog> logs = new ArrayList<>(Math.min(n, 1024));
        for (int i = 0; i < n; i++) {
            FactLog log = new FactLog();
            int facts = count(in, "facts");
            for (int j = 0; j < facts; j++) log.facts.add(new FactLog.Fact(string(in), string(in), string(in), in.readLong()));
            int unanswered = count(in, "questions");
            for (int j = 0; j < unanswered; j++) log.unanswered.put(string(in), in.readLong());
            logs.add(log);
        }
        return logs;
    }

    private static void servers(DataOutputStream out, Set<Lane.Server> servers) throws IOException {
        out.writeInt(servers.size());
        for (Lane.Server s : servers) {
            string(out, s.protocol().label());
            Endpoint e = s.endpoint();
            out.writeBoolean(e.v6());
            out.writeLong(e.hi());
            out.writeLong(e.lo());
            out.writeInt(e.port());
        }
    }

    private static Set<Lane.Server> servers(DataInputStream in) throws IOException {
        int n = count(in, "servers");
        Set<Lane.Server> out = new HashSet<>();
        for (int i = 0; i < n; i++) {
            ProtocolName protocol = new ProtocolName(string(in));
            out.add(new Lane.Server(protocol, new Endpoint(in.readBoolean(), in.readLong(), in.readLong(), in.readInt())));
        }
        return out;
    }

    /** A string that may be null. */
    private static void string(DataOutputStream out, String s) throws IOException {
        out.writeBoolean(s != null);
        if (s == null) return;
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String string(DataInputStream in) throws IOException {
        if (!in.readBoolean()) return null;
        int n = in.readInt();
        if (n < 0 || n > in.available()) throw new IOException("a string of " + n + " bytes, past the part's end");
        byte[] b = new byte[n];
        in.readFully(b);
        return new String(b, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Where a part's records are: a stream of them from an offset (the part's bytes, or the file they went to). */
    private interface Source {
        InputStream from(long offset) throws IOException;
    }

    /**
     * One list of a part's records, read from its source each time it is iterated (the settle step reads the
     * invocations once; a result merged from parts reads the others as its reports are written); a file's stream is
     * closed when its last record has been read. Closed ({@link Spill#close}), it lets its file go ({@code release}: the
     * last of a part's lists to close deletes it) and cannot be read again.
     */
    private static final class Records<T> extends AbstractList<T> implements Spill.Closing {
        private final Source source;
        private final Runnable release;
        private final long offset;
        private final int size;
        private final Spill.Codec<T> codec;
        private boolean closed;

        Records(Source source, Runnable release, long offset, int size, Spill.Codec<T> codec) {
            this.source = source;
            this.release = release;
            this.offset = offset;
            this.size = size;
            this.codec = codec;
        }

        @Override
        public synchronized void close() {
            if (closed) return;
            closed = true;
            if (release != null) release.run();
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public T get(int index) {
            throw new UnsupportedOperationException("a part's records are read in order (iterate them)");
        }

        @Override
        public Iterator<T> iterator() {
            synchronized (this) {
                if (closed) throw new IllegalStateException("a part's records: already closed" + (release != null ? ", their file deleted" : ""));
            }
            if (size == 0) return java.util.Collections.emptyIterator();
            SpillIn in;
            try {
                in = new SpillIn(source.from(offset), 1 << 16);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read a part's records", e);
            }
            return new Iterator<>() {
                int read;

                @Override
                public boolean hasNext() {
                    return read < size;
                }

                @Override
                public T next() {
                    if (read >= size) throw new NoSuchElementException();
                    read++;
                    try {
                        T record = codec.read(in);
                        if (read == size) in.close();
                        return record;
                    } catch (IOException e) {
                        throw new UncheckedIOException("a part's records end early (record " + read + " of " + size + ")", e);
                    }
                }
            };
        }
    }
}
