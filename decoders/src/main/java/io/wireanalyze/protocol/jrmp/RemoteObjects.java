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
    /** Reads noted for changes in turn; null when the table is one connection's own. */
    private final CaptureOrder.Reads<String> reads;

    /** @param shared by the analysis' connections (perhaps decoded on several threads); else one connection's own */
    RemoteObjects(boolean shared) {
        reads = shared ? new CaptureOrder.Reads<>("remote object") : null;
    }

    void stub(String objId, String remoteInterface) {
        if (objId == null || remoteInterface == null) return;
        if (reads != null) {
            synchronized (this) {
                // Already so (the same stub handed out again): nothing to change, a read of it.
                if (remoteInterface.equals(interfaces.get(objId)) && reads.note(objId)) return;
            }
            CaptureOrder.awaitTurn();
        }
        synchronized (this) {
            if (interfaces.size() >= MAX_OBJECTS && !interfaces.containsKey(objId)) return;
            if (!remoteInterface.equals(interfaces.put(objId, remoteInterface)) && reads != null) reads.changed(objId);
        }
    }

    String remoteInterface(String objId) {
        synchronized (this) {
            if (reads == null || reads.note(objId)) return interfaces.get(objId);
        }
        CaptureOrder.awaitTurn();
        synchronized (this) {
            return interfaces.get(objId);
        }
    }
}
