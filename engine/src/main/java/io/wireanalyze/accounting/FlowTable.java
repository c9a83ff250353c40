package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Flows to values, in an open-addressing table keyed by the flow's own fields: a look-up reads one slot's five longs
 * from one array (the two endpoints' addresses, then their ports and address families in one), and compares them
 * with the key's, without a node, a key object or an endpoint to reach through per packet as a {@code HashMap} of
 * {@link FlowKey}s did (its first node, its key, the key's two endpoints: four objects, each a likely cache miss on a
 * table of tens of thousands of flows). Linear probing, at most half full; a removal shifts the entries after it back
 * (no tombstones). The order of {@link #values()} is the table's: callers that need an order sort them.
 */
final class FlowTable<V> {

    private static final int FIELDS = 5;

    private long[] keys;
    private int[] hashes;
    private Object[] values;
    private int mask;
    private int size;

    FlowTable() {
        allocate(64);
    }

    private void allocate(int capacity) {
        keys = new long[capacity * FIELDS];
        hashes = new int[capacity];
        values = new Object[capacity];
        mask = capacity - 1;
    }

    int size() {
        return size;
    }

    /** The value of {@code key}'s flow, or null. */
    @SuppressWarnings("unchecked")
    V get(FlowKey key) {
        int i = find(key);
        return i < 0 ? null : (V) values[i];
    }

    /** Maps {@code key}'s flow to {@code value} (not null); returns the value it had, or null. */
    @SuppressWarnings("unchecked")
    V put(FlowKey key, V value) {
        if (value == null) throw new IllegalArgumentException("a flow's value may not be null");
        int i = find(key);
        if (i >= 0) {
            V old = (V) values[i];
            values[i] = value;
            return old;
        }
        if (2 * (size + 1) > values.length) grow();
        int hash = key.hashCode();
        i = slot(hash);
        while (values[i] != null) i = (i + 1) & mask;
        store(i, key.a(), key.b(), hash, value);
        size++;
        return null;
    }

    /** Removes {@code key}'s flow; returns its value, or null. */
    V remove(FlowKey key) {
        return remove(key, null);
    }

    /** Removes {@code key}'s flow if its value is {@code value} (any, for null); returns the value removed, or null. */
    @SuppressWarnings("unchecked")
    V remove(FlowKey key, V value) {
        int i = find(key);
        if (i < 0 || (value != null && values[i] != value)) return null;
        V old = (V) values[i];
        values[i] = null;
        size--;
        // Entries after the gap, up to the next empty slot, move back into it unless their home lies after it.
        for (int j = (i + 1) & mask; values[j] != null; j = (j + 1) & mask) {
            int home = slot(hashes[j]);
            boolean stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
            if (stays) continue;
            System.arraycopy(keys, j * FIELDS, keys, i * FIELDS, FIELDS);
            hashes[i] = hashes[j];
            values[i] = values[j];
            values[j] = null;
            i = j;
        }
        return old;
    }

    void clear() {
        Arrays.fill(values, null);
        size = 0;
    }

    /** The values, in the table's order. */
    @SuppressWarnings("unchecked")
    List<V> values() {
        List<V> all = new ArrayList<>(size);
        for (Object v : values) if (v != null) all.add((V) v);
        return all;
    }

    private int slot(int hash) {
        int h = hash * 0x9E3779B9;
        return (h ^ (h >>> 16)) & mask;
    }

    private static long tag(Endpoint a, Endpoint b) {
        return ((long) a.port() << 32) | ((long) b.port() << 8) | (a.v6() ? 2 : 0) | (b.v6() ? 1 : 0);
    }

    /** The slot of {@code key}'s flow, or -1. */
    private int find(FlowKey key) {
        Endpoint a = key.a(), b = key.b();
        long tag = tag(a, b), aLo = a.lo(), bLo = b.lo();
        int hash = key.hashCode();
        for (int i = slot(hash); values[i] != null; i = (i + 1) & mask) {
            int k = i * FIELDS;
            if (keys[k + 4] == tag && keys[k + 1] == aLo && keys[k + 3] == bLo && keys[k] == a.hi() && keys[k + 2] == b.hi()) return i;
        }
        return -1;
    }

    private void store(int i, Endpoint a, Endpoint b, int hash, Object value) {
        int k = i * FIELDS;
        keys[k] = a.hi();
        keys[k + 1] = a.lo();
        keys[k + 2] = b.hi();
        keys[k + 3] = b.lo();
        keys[k + 4] = tag(a, b);
        hashes[i] = hash;
        values[i] = value;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldHashes = hashes;
        Object[] oldValues = values;
        allocate(oldValues.length * 2);
        for (int j = 0; j < oldValues.length; j++) {
            if (oldValues[j] == null) continue;
            int i = slot(oldHashes[j]);
            while (values[i] != null) i = (i + 1) & mask;
            System.arraycopy(oldKeys, j * FIELDS, keys, i * FIELDS, FIELDS);
            hashes[i] = oldHashes[j];
            values[i] = oldValues[j];
        }
    }
}
