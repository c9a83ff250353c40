package io.wireanalyze.protocol.jrmp;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one analysis learned about remote objects from the stubs the registry handed out: an object's ObjID (as a
 * message's {@code objId} writes it) to its remote interface (the proxy's most specific interface, or the stub
 * class), so calls on that object on any connection name it. Shared by the analysis' JRMP sessions; bounded.
 */
final class RemoteObjects {

    static final int MAX_OBJECTS = 10_000;

    private final Map<String, String> interfaces = new LinkedHashMap<>();

    void stub(String objId, String remoteInterface) {
        if (objId == null || remoteInterface == null) return;
        if (interfaces.size() < MAX_OBJECTS || interfaces.containsKey(objId)) interfaces.put(objId, remoteInterface);
    }

    String remoteInterface(String objId) {
        return interfaces.get(objId);
    }
}
