package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.protocol.CaptureOrder;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one analysis learned about remote objects from the stubs the registry handed out: an object's ObjID (as a
 * message's {@code objId} writes it) to its remote interface (the proxy's most specific interface, or the stub
 * class), so calls on that object on any connection name it. Shared by the analysis' JRMP sessions, in capture order
 * ({@link CaptureOrder}); bounded.
 */
final class RemoteObjects {

    static final int MAX_OBJECTS = 10_000;

    private final Map<String, String> interfaces = new LinkedHashMap<>();
    /** The table's place in capture order, and the lock of {@link #interfaces}. */
    private final CaptureOrder.Table<String> order;

    /** @param shared by the analysis' connections (perhaps decoded on several threads); else one connection's own */
    RemoteObjects(boolean shared) {
        order = shared ? CaptureOrder.Table.shared("remote object") : CaptureOrder.Table.own();
    }

    void stub(String objId, String remoteInterface) {
        if (objId == null || remoteInterface == null) return;
        // Already so (the same stub handed out again): nothing to change, a read of it.
        if (remoteInterface.equals(order.read(objId, () -> interfaces.get(objId)))) return;
        order.awaitTurn();
        synchronized (order) {
            if (interfaces.size() >= MAX_OBJECTS && !interfaces.containsKey(objId)) return;
            if (!remoteInterface.equals(interfaces.put(objId, remoteInterface))) order.changed(objId);
        }
    }

    String remoteInterface(String objId) {
        return order.read(objId, () -> interfaces.get(objId));
    }
}
