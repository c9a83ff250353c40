package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.protocol.FactRef;
import io.wireanalyze.protocol.Facts;

import java.util.HashMap;
import java.util.Map;

/**
 * What stubs a registry handed out tell about remote objects: an object's ObjID (as a message's {@code objId} writes it)
 * to its remote interface (the proxy's most specific interface, or the stub class), so that calls on that object name
 * it. Either a fact of the capture ({@link #shared}: a stub handed out on one connection names the calls on any other,
 * settled by the analysis), or one connection's own table ({@link #own}: RMI through HTTP, where each connection
 * decodes alone).
 */
abstract sealed class RemoteObjects {

    /** The kind of fact a stub is: key its ObjID, value its remote interface. */
    static final String FACT = "jrmp.remote-object";
    static final int MAX_OBJECTS = 10_000;

    /** A stub handed out on this connection. */
    abstract void stub(String objId, String remoteInterface);

    /** The object's remote interface as far as this connection knows at once; null when unknown (or settled later). */
    abstract String remoteInterface(String objId);

    /**
     * What a call on {@code objId} asks the capture for, or null when this table answers alone.
     *
     * @param methodAt where the interface goes in the call's method name ({@code method#hash on I (...)}), or -1
     */
    abstract FactRef wants(String objId, int position, int methodAt);

    static RemoteObjects shared(Facts facts) {
        return new Shared(facts);
    }

    static RemoteObjects own() {
        return new Own();
    }

    private static final class Shared extends RemoteObjects {
        private final Facts facts;

        Shared(Facts facts) {
            this.facts = facts;
        }

        @Override
        void stub(String objId, String remoteInterface) {
            if (objId != null && remoteInterface != null) facts.learned(FACT, objId, remoteInterface);
        }

        @Override
        String remoteInterface(String objId) {
            return null;
        }

        @Override
        FactRef wants(String objId, int position, int methodAt) {
            return new FactRef(FACT, objId, "remoteInterface", position, methodAt, " on ");
        }
    }

    private static final class Own extends RemoteObjects {
        private final Map<String, String> interfaces = new HashMap<>();

        @Override
        void stub(String objId, String remoteInterface) {
            if (objId == null || remoteInterface == null) return;
            if (interfaces.size() < MAX_OBJECTS || interfaces.containsKey(objId)) interfaces.put(objId, remoteInterface);
        }

        @Override
        String remoteInterface(String objId) {
            return interfaces.get(objId);
        }

        @Override
        FactRef wants(String objId, int position, int methodAt) {
            return null;
        }
    }
}
