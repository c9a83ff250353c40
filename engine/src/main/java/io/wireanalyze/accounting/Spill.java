package io.wireanalyze.accounting;

import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.ToLongFunction;

/**
 * Records of one kind, added in any order and read back sorted by their {@link Key}. The first {@link #OBJECTS} are
 * held as they are (a small capture's records are never written as bytes); past them each record is written as bytes
 * when it is added, into a buffer this spill reuses, and only its key's longs are kept beside it: the record itself
 * is garbage at once, and is written while it is still in the processor's caches (writing a buffer of held records
 * when it filled touched each again, cold, in sorted order). Up to {@code maxInMemory} records, or {@link #MAX_BYTES}
 * of them, are held; then they are sorted by their keys and their bytes written to a temporary file as a run;
 * {@link #sorted} merges the runs and what is held. What an analysis holds is then bounded by the open connections and
 * these buffers, not by the capture. Equal keys keep the order their records were added in (the sort breaks ties by
 * that order, and the merge takes earlier runs first). A capture whose records fit in memory never touches the disk.
 * The list {@link #sorted} gives reads its runs until it is closed ({@link #close(List)}): then its files are deleted
 * (the analysis closes what it read once, and {@link AnalysisResult#close} the rest); at the JVM's exit only what a
 * failure left.
 */
final class Spill<T> {

    /** Writes a record as bytes and reads it back. */
    interface Codec<T> {
        void write(SpillOut out, T value);

        T read(SpillIn in) throws IOException;
    }

    /**
     * What orders a spill's records: a few longs of each, compared in turn. A spill keeps these longs beside a record's
     * bytes, so that it sorts what it holds without the records.
     */
    static final class Key<T> {
        private final ToLongFunction<? super T>[] parts;

        private Key(ToLongFunction<? super T>[] parts) {
            this.parts = parts;
        }

        /** Records ordered by the first long, then the second, and so on. */
        @SafeVarargs
        static <T> Key<T> of(ToLongFunction<? super T>... parts) {
            if (parts.length == 0) throw new IllegalArgumentException("a key of no longs");
            return new Key<>(parts.clone());
        }

        int longs() {
            return parts.length;
        }

        long at(T value, int i) {
            return parts[i].applyAsLong(value);
        }

        /** The same order over records. */
        Comparator<T> comparator() {
            return (a, b) -> {
                for (ToLongFunction<? super T> part : parts) {
                    int c = Long.compare(part.applyAsLong(a), part.applyAsLong(b));
                    if (c != 0) return c;
                }
                return 0;
            };
        }
    }

    private static final int BUFFER = 64 << 10;
    /** The records held as they are before they are held as bytes (or fewer: the spill's bound). */
    static final int OBJECTS = 4096;
    /** The most bytes of records held before they go to a run, whatever their number. */
    static final int MAX_BYTES = 32 << 20;

    private final String kind;
    private final Codec<T> codec;
    private final Key<T> key;
    private final Comparator<T> order;
    private final int maxInMemory;
    private final int maxBytes;
    /** The records held: their bytes one after another in {@code held}, where each starts, and their keys' longs. */
    private final SpillOut held = new SpillOut();
    /**
     * The first records, as they were added, until there are {@link #OBJECTS} of them: most captures have fewer, and
     * their records need never be written as bytes (nor the codec's classes made for each record class). Null once
     * they have gone into {@link #held}.
     */
    private List<T> objects = new ArrayList<>();
    private final int objectLimit;
    private int[] starts = new int[64];
    private long[] keys;
    private int count;
    private final List<Path> runs = new ArrayList<>();
    private long size;
    private boolean sealed;
    /** Where a run's records are gathered on their way to its file: made with the first run. */
    private SpillOut runBuffer;

    Spill(String kind, Codec<T> codec, Key<T> key, int maxInMemory) {
        this(kind, codec, key, maxInMemory, MAX_BYTES);
    }

    /** A spill that holds at most {@code maxInMemory} records and (about) {@code maxBytes} of their bytes. */
    Spill(String kind, Codec<T> codec, Key<T> key, int maxInMemory, int maxBytes) {
        if (maxBytes <= 0) throw new IllegalArgumentException("maxBytes must be positive: " + maxBytes);
        if (maxInMemory <= 0) throw new IllegalArgumentException("maxInMemory must be positive: " + maxInMemory);
        this.kind = kind;
        this.codec = codec;
        this.key = key;
        this.order = key.comparator();
        this.maxInMemory = maxInMemory;
        this.maxBytes = maxBytes;
        this.objectLimit = Math.min(maxInMemory, OBJECTS);
        this.keys = new long[64 * key.longs()];
    }

    void add(T value) {
        if (sealed) throw new IllegalStateException(kind + ": already read");
        size++;
        if (objects != null) {
            objects.add(value);
            if (objects.size() < objectLimit) return;
            List<T> first = objects;   // past what a small capture has: bytes from now on
            objects = null;
            for (T v : first) hold(v);
        } else {
            hold(value);
        }
        if (count >= maxInMemory || held.size() >= maxBytes) writeRun();
    }

    /** A record's key's longs and its bytes into what this spill holds. */
    private void hold(T value) {
        int k = key.longs();
        if (count == starts.length) {
            int more = (int) Math.min(Math.max(64, (long) count * 2), Math.max(64, maxInMemory));
            starts = java.util.Arrays.copyOf(starts, Math.max(more, count + 1));
            keys = java.util.Arrays.copyOf(keys, starts.length * k);
        }
        for (int i = 0; i < k; i++) keys[count * k + i] = key.at(value, i);
        starts[count] = held.size();
        codec.write(held, value);
        count++;
    }

    /** Runs written to disk so far. */
    int runs() {
        return runs.size();
    }

    /** Everything added, in order; no more may be added. The list may be read many times. */
    List<T> sorted() {
        sealed = true;
        if (objects != null) {
            objects.sort(order);   // stable: equal keys in the order added
            return Collections.unmodifiableList(objects);
        }
        InMemory<T> held = new InMemory<>(kind, codec, this.held.bytes(), this.held.size(), starts, sortedHeld(), count);
        if (runs.isEmpty()) return held;
        // what is held joins the merge as it is (after the runs: its records were added after theirs), not as a run
        return new Merged<>(kind, codec, key, List.copyOf(runs), held, size);
    }

    /** The held records' indexes in their keys' order (ties in the order they were added). */
    private int[] sortedHeld() {
        int[] at = new int[count];
        for (int i = 0; i < count; i++) at[i] = i;
        sort(at, new int[count], 0, count, keys, key.longs());
        return at;
    }

    private SpillOut runBuffer() {
        if (runBuffer == null) runBuffer = new SpillOut(BUFFER);
        return runBuffer;
    }

    private void writeRun() {
        int[] at = sortedHeld();
        try {
            Path file = Files.createTempFile(directory(), "wireanalyze-" + kind + "-", ".run");
            file.toFile().deleteOnExit();   // only a backstop, for what a failure left unread: closing deletes it
            // A run's records go out as byte ranges, gathered in a buffer of the spill's own and written a buffer at a
            // time: through the JDK's buffered stream each range was a call that took its lock.
            try (OutputStream out = Files.newOutputStream(file)) {
                byte[] bytes = held.bytes();
                SpillOut buffer = runBuffer();
                buffer.reset();
                buffer.writeInt(count);
                for (int i : at) {
                    int from = starts[i], length = (i + 1 < count ? starts[i + 1] : held.size()) - from;
                    if (length > BUFFER - buffer.size()) {
                        buffer.writeTo(out);
                        buffer.reset();
                    }
                    if (length > BUFFER) out.write(bytes, from, length);
                    else buffer.write(bytes, from, length);
                }
                buffer.writeTo(out);
            }
            runs.add(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot spill " + kind + " records to a temporary file in " + directory()
                    + ": " + e.getMessage(), e);
        }
        count = 0;
        held.reset();
    }

    /**
     * Sorts indexes {@code [lo, hi)} of {@code at} by their records' keys, then by index: a merge sort over the keys'
     * longs ({@code k} a record), with no boxed index or comparator object.
     */
    private static void sort(int[] at, int[] tmp, int lo, int hi, long[] keys, int k) {
        if (hi - lo <= 16) {
            for (int i = lo + 1; i < hi; i++) {
                int v = at[i];
                int j = i - 1;
                while (j >= lo && less(v, at[j], keys, k)) {
                    at[j + 1] = at[j];
                    j--;
                }
                at[j + 1] = v;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        sort(at, tmp, lo, mid, keys, k);
        sort(at, tmp, mid, hi, keys, k);
        if (!less(at[mid], at[mid - 1], keys, k)) return;   // already in order
        System.arraycopy(at, lo, tmp, lo, hi - lo);
        int i = lo, j = mid, o = lo;
        while (i < mid && j < hi) at[o++] = less(tmp[j], tmp[i], keys, k) ? tmp[j++] : tmp[i++];
        while (i < mid) at[o++] = tmp[i++];
        while (j < hi) at[o++] = tmp[j++];
    }

    /** Whether record {@code a} goes before record {@code b}: by their keys' longs, then the order they were added in. */
    private static boolean less(int a, int b, long[] keys, int k) {
        for (int t = 0; t < k; t++) {
            long x = keys[a * k + t], y = keys[b * k + t];
            if (x != y) return x < y;
        }
        return a < b;
    }

    /** Where runs go: the system property {@code wireanalyze.spill.dir}, else {@code java.io.tmpdir}. */
    static Path directory() {
        return Path.of(System.getProperty("wireanalyze.spill.dir", System.getProperty("java.io.tmpdir")));
    }

    /**
     * Deletes the files behind a list {@link #sorted} (or {@link #values}) gave, when it has any: the list cannot be
     * read after. Any other list is left as it is.
     */
    static void close(List<?> list) {
        if (list instanceof Closing c) c.close();
    }

    /** A list read from files that {@link #close} deletes. */
    interface Closing {
        void close();
    }

    /** The values of keyed records, in their order. */
    static <T> List<T> values(List<Codecs.Keyed<T>> keyed) {
        return values(keyed, Codecs.Keyed::value);
    }

    /** What {@code value} makes of keyed records, in their order, made as they are read. */
    static <T> List<T> values(List<Codecs.Keyed<T>> keyed, java.util.function.Function<Codecs.Keyed<T>, T> value) {
        final class Values extends AbstractList<T> implements Closing {
            @Override
            public void close() {
                Spill.close(keyed);
            }

            @Override
            public T get(int index) {
                return value.apply(keyed.get(index));
            }

            @Override
            public int size() {
                return keyed.size();
            }

            @Override
            public Iterator<T> iterator() {
                Iterator<Codecs.Keyed<T>> it = keyed.iterator();
                return new Iterator<>() {
                    @Override
                    public boolean hasNext() {
                        return it.hasNext();
                    }

                    @Override
                    public T next() {
                        return value.apply(it.next());
                    }
                };
            }
        }
        return new Values();
    }

    /**
     * Lists each already in {@code key}'s order (once {@code map} has made each record of list {@code i} what the merged
     * list holds), merged as they are read: nothing is written again. Equal records come from the earlier list first, as
     * {@link #sorted} would give them had the lists been added one after another. Closing it closes the lists.
     */
    static <T> List<T> merge(List<List<T>> lists, List<java.util.function.UnaryOperator<T>> maps, Key<T> key) {
        if (lists.size() != maps.size()) throw new IllegalArgumentException(lists.size() + " lists, " + maps.size() + " maps");
        long size = 0;
        for (List<T> l : lists) size += l.size();
        return new Merging<>(List.copyOf(lists), List.copyOf(maps), key, size);
    }

    /** {@link #merge}'s list: read sequentially ({@link Sequential}). */
    private static final class Merging<T> extends Sequential<T> {
        private final List<List<T>> lists;
        private final List<java.util.function.UnaryOperator<T>> maps;
        private final Key<T> key;

        Merging(List<List<T>> lists, List<java.util.function.UnaryOperator<T>> maps, Key<T> key, long size) {
            super(size);
            this.lists = lists;
            this.maps = maps;
            this.key = key;
        }

        @Override
        public Iterator<T> iterator() {
            List<Head<T>> sources = new ArrayList<>(lists.size());
            for (int i = 0; i < lists.size(); i++) sources.add(new Next<>(i, lists.get(i).iterator(), maps.get(i)));
            return merged(sources, key);
        }

        @Override
        public synchronized void close() {
            cursor = null;
            for (List<T> l : lists) Spill.close(l);
        }
    }

    /** A list read in order, again from its start for every iterator: {@link #get} moves a cursor, cheap only for ascending indices. */
    private abstract static class Sequential<T> extends AbstractList<T> implements Closing {
        private final long size;
        Iterator<T> cursor;
        private int cursorIndex;

        Sequential(long size) {
            this.size = size;
        }

        @Override
        public int size() {
            return (int) Math.min(size, Integer.MAX_VALUE);
        }

        @Override
        public T get(int index) {
            if (index < 0 || index >= size()) throw new IndexOutOfBoundsException(index);
            if (cursor == null || index < cursorIndex) {
                cursor = iterator();
                cursorIndex = 0;
            }
            while (cursorIndex < index) {
                cursor.next();
                cursorIndex++;
            }
            cursorIndex++;
            return cursor.next();
        }
    }

    /** The runs merged: read sequentially ({@link Sequential}). */
    private static final class Merged<T> extends Sequential<T> {
        private final String kind;
        private final Codec<T> codec;
        private final Key<T> key;
        private final List<Path> runs;
        private final InMemory<T> held;
        private boolean closed;
        /** The runs its readers opened: closed with it, where a reader stopped before their ends. */
        private final List<Run<T>> reading = new ArrayList<>();

        /** @param held what the spill held when it was read (perhaps nothing) */
        Merged(String kind, Codec<T> codec, Key<T> key, List<Path> runs, InMemory<T> held, long size) {
            super(size);
            this.kind = kind;
            this.codec = codec;
            this.key = key;
            this.runs = runs;
            this.held = held;
        }

        @Override
        public Iterator<T> iterator() {
            return merged(open(), key);
        }

        /** Closes the runs its readers left open and deletes their files: the list cannot be read after. */
        @Override
        public synchronized void close() {
            if (closed) return;
            closed = true;
            cursor = null;
            for (Run<T> r : reading) r.close();
            reading.clear();
            for (Path p : runs) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    p.toFile().deleteOnExit();   // held open elsewhere (Windows): at exit, then
                }
            }
        }

        private synchronized List<Head<T>> open() {
            if (closed) throw new IllegalStateException(kind + " records: already closed, their temporary files deleted");
            List<Head<T>> open = new ArrayList<>(runs.size() + 1);
            reading.removeIf(Run::ended);   // read to their ends: their files closed already
            for (int i = 0; i < runs.size(); i++) {
                Run<T> r = new Run<>(kind, codec, runs.get(i), i);
                reading.add(r);
                open.add(r);
            }
            open.add(new Next<>(runs.size(), held.iterator(), java.util.function.UnaryOperator.identity()));
            return open;
        }
    }

    /**
     * A sorted source being merged: its place among the sources, and its current record once {@link #advance} said so,
     * with that record's key's longs.
     */
    private abstract static class Head<T> {
        final int index;
        T value;
        long[] key;

        Head(int index) {
            this.index = index;
        }

        /** Moves to the source's next record: false at its end. */
        abstract boolean advance();
    }

    /** A list being read: its iterator, and its current record as {@code map} makes it. */
    private static final class Next<T> extends Head<T> {
        private final Iterator<T> it;
        private final java.util.function.UnaryOperator<T> map;

        Next(int index, Iterator<T> it, java.util.function.UnaryOperator<T> map) {
            super(index);
            this.it = it;
            this.map = map;
        }

        @Override
        boolean advance() {
            if (!it.hasNext()) return false;
            value = map.apply(it.next());
            return true;
        }
    }

    /**
     * Sources each in order, merged: the least current record first, the earlier source's on a tie (a stable merge). A
     * binary heap of the sources by their current records' keys, each key's longs taken once a record (compared through
     * the key's functions instead, the merge's comparisons were a sixth of the reading thread's time at the end of a
     * two-worker run); the least source, once it has moved on, goes down the heap from its top.
     */
    private static <T> Iterator<T> merged(List<? extends Head<T>> sources, Key<T> key) {
        int longs = key.longs();
        @SuppressWarnings("unchecked")
        Head<T>[] heap = new Head[sources.size()];
        int n = 0;
        for (Head<T> h : sources) {
            h.key = new long[longs];
            if (advance(h, key)) heap[n++] = h;
        }
        for (int i = n / 2 - 1; i >= 0; i--) down(heap, n, i);
        int live = n;
        return new Iterator<>() {
            private int size = live;

            @Override
            public boolean hasNext() {
                return size > 0;
            }

            @Override
            public T next() {
                if (size == 0) throw new NoSuchElementException();
                Head<T> h = heap[0];
                T v = h.value;
                if (!advance(h, key)) {
                    heap[0] = heap[--size];
                    heap[size] = null;
                }
                down(heap, size, 0);
                return v;
            }
        };
    }

    /** Moves the source on, taking its new record's key: false at its end. */
    private static <T> boolean advance(Head<T> h, Key<T> key) {
        if (!h.advance()) return false;
        long[] k = h.key;
        for (int i = 0; i < k.length; i++) k[i] = key.at(h.value, i);
        return true;
    }

    /** Sifts the source at {@code i} down the heap of {@code n}. */
    private static <T> void down(Head<T>[] heap, int n, int i) {
        Head<T> h = heap[i];
        while (true) {
            int c = 2 * i + 1;
            if (c >= n) break;
            if (c + 1 < n && before(heap[c + 1], heap[c])) c++;
            if (!before(heap[c], h)) break;
            heap[i] = heap[c];
            i = c;
        }
        heap[i] = h;
    }

    /** Whether source {@code a}'s current record goes before {@code b}'s: by their keys, then by the sources' places. */
    private static boolean before(Head<?> a, Head<?> b) {
        long[] x = a.key, y = b.key;
        for (int i = 0; i < x.length; i++) {
            if (x[i] != y[i]) return x[i] < y[i];
        }
        return a.index < b.index;
    }

    /** One run being read: its current record. Closes its file when exhausted, or when its list is closed. */
    private static final class Run<T> extends Head<T> {
        private final String kind;
        private final Codec<T> codec;
        private final Path file;
        private SpillIn in;
        private int left;
        /** Read to its end, or closed with its list (then reading on is an error, never an early end). */
        private boolean ended, closed;

        Run(String kind, Codec<T> codec, Path file, int index) {
            super(index);
            this.kind = kind;
            this.codec = codec;
            this.file = file;
        }

        @Override
        boolean advance() {
            if (closed) throw new IllegalStateException(kind + " records: read on after their list was closed");
            if (ended) return false;
            try {
                if (in == null) {
                    in = new SpillIn(Files.newInputStream(file), BUFFER);
                    left = in.readInt();
                }
                if (left == 0) {
                    ended = true;
                    release();
                    value = null;
                    return false;
                }
                left--;
                value = codec.read(in);
                return true;
            } catch (EOFException e) {
                throw new UncheckedIOException(file + ": spilled " + kind + " records end early (the temporary file was changed)", e);
            } catch (IOException e) {
                throw new UncheckedIOException(file + ": cannot read spilled " + kind + " records: " + e.getMessage(), e);
            }
        }

        boolean ended() {
            return ended;
        }

        /** Its list closed: the file let go, and no more reading. */
        void close() {
            if (!ended) closed = true;
            release();
        }

        private void release() {
            if (in == null) return;
            try {
                in.close();
            } catch (IOException ignored) {
                // read only: nothing lost
            }
            in = null;
        }
    }

    /** What a spill that wrote no run held, in its keys' order: each record read from its bytes when it is got. */
    private static final class InMemory<T> extends AbstractList<T> {
        private final String kind;
        private final Codec<T> codec;
        private final byte[] bytes;
        private final int end;
        private final int[] starts;
        private final int[] order;
        private final int count;

        InMemory(String kind, Codec<T> codec, byte[] bytes, int end, int[] starts, int[] order, int count) {
            this.kind = kind;
            this.codec = codec;
            this.bytes = bytes;
            this.end = end;
            this.starts = starts;
            this.order = order;
            this.count = count;
        }

        @Override
        public int size() {
            return count;
        }

        @Override
        public T get(int index) {
            if (index < 0 || index >= count) throw new IndexOutOfBoundsException(index);
            return read(new SpillIn(bytes, 0, end), index);
        }

        private T read(SpillIn in, int index) {
            try {
                return codec.read(in.at(starts[order[index]]));
            } catch (IOException e) {
                throw new UncheckedIOException(kind + ": cannot read a held record back: " + e.getMessage(), e);
            }
        }

        @Override
        public Iterator<T> iterator() {
            SpillIn in = new SpillIn(bytes, 0, end);
            return new Iterator<>() {
                private int next;

                @Override
                public boolean hasNext() {
                    return next < count;
                }

                @Override
                public T next() {
                    if (next >= count) throw new NoSuchElementException();
                    return read(in, next++);
                }
            };
        }
    }
}
