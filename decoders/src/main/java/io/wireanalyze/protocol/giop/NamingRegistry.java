package io.wireanalyze.protocol.giop;

import io.wireanalyze.protocol.CaptureOrder;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * What the naming service handed out, shared by every connection of one analysis: the object keys (and the
 * host:port of their IIOP profiles) of naming contexts that naming replies returned, such as the root context a
 * bootstrap LOCATION_FORWARD points to, or a sub-context a {@code resolve} returned. A later connection's requests
 * to such a key are naming traffic even when the key itself says nothing (Wireshark keeps the same kind of table,
 * {@code giop_objkey_hash}, filled from {@code resolve} replies).
 * <p>
 * It is read and written in capture order, on whatever thread a connection is decoded ({@link CaptureOrder}), so a
 * reference is recorded before any request that uses it. Keys are matched alone: a session does not know its
 * server's address, and object keys carry POA and object ids that make them unique in practice. One per analysis;
 * bounded to {@link #MAX_KEYS} keys.
 */
public final class NamingRegistry {

    static final int MAX_KEYS = 10_000;

    /** Object key (hex) to the endpoints that served it. */
    private final Map<String, Set<String>> contexts = new LinkedHashMap<>();
    /** The registry's place in capture order, and the lock of {@link #contexts}. */
    private final CaptureOrder.Table<String> order = CaptureOrder.Table.shared("naming context");

    /** Records a naming context's object key and, when known, its host:port. */
    void record(ObjectKey key, String endpoint) {
        if (key == null) return;
        synchronized (order) {
            // Known already, with this endpoint (or none to add): nothing to change. Each condition, once true, stays
            // true, so it was true in capture order too.
            Set<String> known = contexts.get(key.hex());
            if (known != null && (endpoint == null || known.size() >= 16 || known.contains(endpoint))) return;
        }
        order.awaitTurn();
        synchronized (order) {
            Set<String> endpoints = contexts.get(key.hex());
            if (endpoints == null) {
                if (contexts.size() >= MAX_KEYS) return;
                endpoints = new LinkedHashSet<>();
                contexts.put(key.hex(), endpoints);
                order.changed(key.hex());
            }
            // Endpoints are read only in turn (endpoints()): adding one changes no read that did not wait.
            if (endpoint != null && endpoints.size() < 16) endpoints.add(endpoint);
        }
    }

    /** Whether a naming reply handed out this object key (hex, as in a message's {@code objId}). */
    public boolean isNamingContext(String objectKeyHex) {
        return order.read(objectKeyHex, () -> contexts.containsKey(objectKeyHex));
    }

    /** The host:port endpoints recorded for this key (empty when unknown). */
    public Set<String> endpoints(String objectKeyHex) {
        order.awaitTurn();
        synchronized (order) {
            Set<String> e = contexts.get(objectKeyHex);
            return e == null ? Set.of() : Set.copyOf(e);
        }
    }

    public int size() {
        order.awaitTurn();
        synchronized (order) {
            return contexts.size();
        }
    }
}
