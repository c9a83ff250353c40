package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.protocol.Details;
import io.wireanalyze.protocol.FactRef;

import java.util.ArrayList;
import java.util.List;

/** What a JRMP message carries beyond the shared fields (ObjID, operation, hash, method, name, lease). */
public sealed interface JrmpDetails extends Details {

    /** The transport header: version and protocol name ({@code StreamProtocol}, {@code SingleOpProtocol}...). */
    record Header(int version, String jrmpProtocol) implements JrmpDetails {
        @Override
        public void fields(FieldSink out) {
            out.put("version", version).put("jrmpProtocol", jrmpProtocol);
        }
    }

    /** A ProtocolAck's or the client's EndpointIdentifier: host:port. */
    record Endpoint(String endpoint) implements JrmpDetails {
        @Override
        public void fields(FieldSink out) {
            out.put("endpoint", endpoint);
        }
    }

    /** A DgcAck: the UID of the return it acknowledges. */
    record DgcAck(String uid) implements JrmpDetails {
        @Override
        public void fields(FieldSink out) {
            out.put("uid", uid);
        }

        @Override
        public String note() {
            return "acknowledges return " + uid;
        }
    }

    /**
     * A Call: the ObjIDs of a DGC call's argument (empty for other calls); for an application call, its arguments
     * as the stream shows them ({@code int[6000], String}), the remote interface when a stub or the well-known list
     * says it, and how its method was named when not by a name given ({@code well-known} or {@code guessed}).
     */
    record Call(List<String> objIds, String arguments, String remoteInterface, String named, FactRef wants) implements JrmpDetails {
        public Call {
            objIds = List.copyOf(objIds);
        }

        /** A registry or DGC call. */
        public Call(List<String> objIds) {
            this(objIds, null, null, null, null);
        }

        /** The remote interface a stub handed out before the call says (settled by the analysis). */
        @Override
        public Details supplied(FactRef ref, String value) {
            return new Call(objIds, arguments, value, named, null);
        }

        @Override
        public void fields(FieldSink out) {
            if (!objIds.isEmpty()) out.field("objIds", objIds);
            out.put("remoteInterface", remoteInterface).put("arguments", arguments).put("named", named);
        }

        @Override
        public String note() {
            if (objIds.isEmpty()) return null;
            return objIds.size() == 1 ? objIds.get(0) : objIds.size() + " objIds";
        }
    }

    /**
     * A ReturnData: its type, the ack UID, and what it returned: an exception's class, a stub's interfaces (dynamic
     * proxy) or stub class with its endpoint and ObjID, or a value's class. Absent values are null.
     */
    record Return(String returnType, String ackUid, String exception, List<String> interfaces, String stubClass,
                  String endpoint, String stubObjId, String valueClass) implements JrmpDetails {
        public Return {
            interfaces = interfaces == null ? List.of() : List.copyOf(interfaces);
        }

        @Override
        public void fields(FieldSink out) {
            out.put("returnType", returnType).put("ackUid", ackUid).put("exception", exception);
            if (!interfaces.isEmpty()) out.field("interfaces", interfaces);
            out.put("stubClass", stubClass).put("endpoint", endpoint).put("stubObjId", stubObjId).put("valueClass", valueClass);
        }

        @Override
        public String exception() {
            return exception;
        }

        /** The stub's most specific interface (or class) and its endpoint. */
        @Override
        public List<String> returned() {
            List<String> out = new ArrayList<>();
            String type = !interfaces.isEmpty() ? interfaces.get(interfaces.size() - 1) : stubClass;
            if (type != null) out.add(type);
            if (endpoint != null) out.add("@ " + endpoint);
            return out;
        }
    }
}
