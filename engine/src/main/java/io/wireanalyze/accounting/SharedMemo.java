package io.wireanalyze.accounting;

import io.wireanalyze.protocol.Memo;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The analysis' {@link Memo}, safe on any thread: bounded (past {@link #MAX_ENTRIES} keys a value is computed again,
 * as it would be without a memo). What it returns never depends on which connection computed a value first.
 */
final class SharedMemo implements Memo {

    static final int MAX_ENTRIES = 4096;

    private final ConcurrentHashMap<String, Object> values = new ConcurrentHashMap<>();

    @Override
    @SuppressWarnings("unchecked")
    public <V> V get(String key, Supplier<V> value) {
        Object v = values.get(key);
        if (v != null) return (V) v;
        V computed = value.get();
        if (computed != null && values.size() < MAX_ENTRIES) values.putIfAbsent(key, computed);
        return computed;
    }
}
