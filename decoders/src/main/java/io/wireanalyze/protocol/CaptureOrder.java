package io.wireanalyze.protocol;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What one analysis' connections share (the stubs a registry handed out, the naming contexts a naming service
 * returned, the method names guessed once) must read and change as if the connections were decoded in capture order,
 * whatever thread decodes each. Single-threaded that is the order of the calls, and nothing here does anything. On
 * worker threads, each piece of work has a number in capture order, and:
 * <ul>
 * <li>a change waits its turn ({@link #awaitTurn}): until every other worker has done all the work numbered before
 * its own. Changes are then made in capture order, and none is seen by work numbered before it;</li>
 * <li>a read does not wait (reads are frequent, changes rare): it is noted ({@link Table#read}), and a change in
 * turn that alters what a read later in capture order already saw throws {@link Conflict}. The analysis then
 * cannot be the single-threaded one and says so; its caller analyses the capture again on one thread.</li>
 * </ul>
 * Connections between the same two hosts go to the same worker, so a client's lookup and its calls (a stub, a
 * naming context, then the calls that use it) are done in order by one thread, and conflicts are rare.
 */
public final class CaptureOrder {

    private CaptureOrder() {
    }

    /** A thread that decodes some connections of an analysis while others decode the rest. */
    public interface Turns {
        /** Returns once every other worker has done the work numbered before the work in hand. */
        void awaitTurn();

        /** The number of the work in hand. */
        long current();
    }

    /** A change in capture order came after a read later in capture order, on another worker. */
    public static final class Conflict extends RuntimeException {
        public Conflict(String message) {
            super(message);
        }
    }

    /** Waits, on a worker thread, for its turn to change what connections share; on any other thread returns at once. */
    public static void awaitTurn() {
        if (Thread.currentThread() instanceof Turns t) t.awaitTurn();
    }

    /**
     * One table's place in capture order, and the lock of what it orders: the latest work (in capture order) that
     * read each key, for changes to be judged against. A table of one connection's own ({@link #own}) neither notes
     * nor waits. Bounded: past {@link #MAX_KEYS} keys, reads of other keys wait their turn instead.
     *
     * @param <K> the table's key
     */
    public static final class Table<K> {

        public static final int MAX_KEYS = 65_536;

        /** What the table holds, for a conflict's message; null when it is one connection's own. */
        private final String name;
        private final Map<K, Long> latest = new HashMap<>();

        private Table(String name) {
            this.name = name;
        }

        /** A table the analysis' connections share; {@code name} says what it holds. */
        public static <K> Table<K> shared(String name) {
            return new Table<>(java.util.Objects.requireNonNull(name));
        }

        /** A table of one connection's own, touched by one thread only. */
        public static <K> Table<K> own() {
            return new Table<>(null);
        }

        /** Waits, on a worker, for its turn to change the table ({@link CaptureOrder#awaitTurn()}). */
        public void awaitTurn() {
            if (name != null) CaptureOrder.awaitTurn();
        }

        /** Reads {@code key}: at once, the read noted; past the bound, in turn. Not under the table's lock. */
        public <V> V read(K key, Supplier<V> value) {
            synchronized (this) {
                if (note(key)) return value.get();
            }
            awaitTurn();
            synchronized (this) {
                return value.get();
            }
        }

        /**
         * Notes a read of {@code key} by the work in hand, under the table's lock. False when too many keys are
         * noted already: the caller then reads in turn ({@link #awaitTurn()} outside the lock, then reads).
         */
        public boolean note(K key) {
            if (name == null || !(Thread.currentThread() instanceof Turns t)) return true;
            long now = t.current();
            Long before = latest.get(key);
            if (before == null && latest.size() >= MAX_KEYS) return false;
            if (before == null || before < now) latest.put(key, now);
            return true;
        }

        /**
         * A change in turn alters what {@code key} reads as (under the table's lock): fails if work later in capture
         * order read it already.
         */
        public void changed(K key) {
            if (name == null || !(Thread.currentThread() instanceof Turns t)) return;
            Long read = latest.get(key);
            if (read != null && read > t.current()) {
                throw new Conflict(name + " " + key + " changed by work number " + t.current()
                        + " after work number " + read + " had read it on another thread");
            }
        }
    }
}
