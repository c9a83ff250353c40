package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.protocol.DetailColumn;
import io.wireanalyze.protocol.Details;
import io.wireanalyze.protocol.FactRef;

import java.util.ArrayList;
import java.util.List;

/**
 * What a JRMP message carries beyond the shared fields (ObjID, hash, method, name). A call and its return also carry
 * the ObjID's number, the operation number and a DGC lease, which the reports write among the shared columns
 * ({@link #columns}: {@code op}, {@code leaseMs}, {@code objNum}).
 */
public sealed interface JrmpDetails extends Details {

    /**
     * Where the reports write the {@link #columns}: the operation number after the ObjID, the lease and the ObjID's
     * number after the bound name (for the protocol table).
     */
    List<DetailColumn> COLUMNS = List.of(new DetailColumn("op", "objId"), new DetailColumn("leaseMs", "name"),
            new DetailColumn("objNum", "leaseMs"));

    /** The call's numbers and lease as report columns. */
    private static void columns(FieldSink out, Long objNum, Integer op, Long leaseMs) {
        out.put("op", op).put("leaseMs", leaseMs).put("objNum", objNum);
    }

    /** "lease 600000 ms", or null. */
    private static String lease(Long leaseMs) {
        return leaseMs == null ? null : "lease " + leaseMs + " ms";
    }

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
     *
     * @param objNum  the ObjID's number (0 registry, 2 DGC)
     * @param op      the operation number: a registry or DGC operation, or -1 for an application call
     * @param leaseMs the lease a DGC dirty call asks for, or null
     */
    record Call(Long objNum, Integer op, Long leaseMs, List<String> objIds, String arguments, String remoteInterface,
                String named, FactRef wants) implements JrmpDetails {
        public Call {
            objIds = List.copyOf(objIds);
        }

        /** A registry or DGC call. */
        public Call(Long objNum, Integer op, Long leaseMs, List<String> objIds) {
            this(objNum, op, leaseMs, objIds, null, null, null, null);
        }

        /** The remote interface a stub handed out before the call says (settled by the analysis). */
        @Override
        public Details supplied(FactRef ref, String value) {
            return new Call(objNum, op, leaseMs, objIds, arguments, value, named, null);
        }

        @Override
        public void columns(FieldSink out) {
            JrmpDetails.columns(out, objNum, op, leaseMs);
        }

        /** The call's ObjID and operation numbers. */
        @Override
        public Details forReply() {
            return new Answered(objNum, op);
        }

        @Override
        public void fields(FieldSink out) {
            if (!objIds.isEmpty()) out.field("objIds", objIds);
            out.put("remoteInterface", remoteInterface).put("arguments", arguments).put("named", named);
        }

        /** The ObjIDs of a DGC call ({@code [5:6:7, 42]} or {@code 3 objIds}) and the lease it asks for. */
        @Override
        public String note() {
            String ids = objIds.isEmpty() ? null : objIds.size() == 1 ? objIds.get(0) : objIds.size() + " objIds";
            String lease = lease(leaseMs);
            return ids == null ? lease : lease == null ? ids : ids + " " + lease;
        }
    }

    /** A reply to a call whose body was not read: the call's numbers. */
    record Answered(Long objNum, Integer op) implements JrmpDetails {
        @Override
        public void fields(FieldSink out) {
        }

        @Override
        public void columns(FieldSink out) {
            JrmpDetails.columns(out, objNum, op, null);
        }
    }

    /**
     * A ReturnData: its type, the ack UID, and what it returned: an exception's class, a stub's interfaces (dynamic
     * proxy) or stub class with its endpoint and ObjID, or a value's class; and its call's ObjID and operation numbers,
     * and the lease a DGC dirty call was granted. Absent values are null.
     */
    record Return(Long objNum, Integer op, Long leaseMs, String returnType, String ackUid, String exception, List<String> interfaces, String stubClass,
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
        public void columns(FieldSink out) {
            JrmpDetails.columns(out, objNum, op, leaseMs);
        }

        @Override
        public String exception() {
            return exception;
        }

        /** The stub's most specific interface (or class) and its endpoint; a granted lease. */
        @Override
        public List<String> returned() {
            List<String> out = new ArrayList<>();
            String type = !interfaces.isEmpty() ? interfaces.get(interfaces.size() - 1) : stubClass;
            if (type != null) out.add(type);
            if (endpoint != null) out.add("@ " + endpoint);
            if (leaseMs != null) out.add(lease(leaseMs));
            return out;
        }
    }
}
