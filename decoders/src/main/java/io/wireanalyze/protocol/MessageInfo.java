package io.wireanalyze.protocol;

/**
 * What a decoder learned about a message, with the report's field names. Absent values are null.
 *
 * @param objId   remote object identifier (JRMP ObjID as "[unique:time:count, objNum]"; GIOP object key)
 * @param objNum  JRMP ObjID number (0 registry, 2 DGC)
 * @param op      operation number (JRMP: registry and DGC op, or -1 for application calls)
 * @param hash    interface or method hash
 * @param method  method or operation name
 * @param name    the bound name of a naming call
 * @param leaseMs DGC lease requested (dirty call) or granted (its return)
 * @param details the protocol's own fields (a returned stub, GIOP service contexts, an unparsed span's reason...)
 */
public record MessageInfo(String objId, Long objNum, Integer op, Long hash, String method, String name, Long leaseMs,
                          Details details) {

    public static final MessageInfo EMPTY = new MessageInfo(null, null, null, null, null, null, null, Details.NONE);

    public MessageInfo {
        if (details == null) details = Details.NONE;
    }

    public static MessageInfo of(Details details) {
        return new MessageInfo(null, null, null, null, null, null, null, details);
    }

    public MessageInfo withMethod(String m) {
        return new MessageInfo(objId, objNum, op, hash, m, name, leaseMs, details);
    }

    public MessageInfo withLease(Long lease) {
        return new MessageInfo(objId, objNum, op, hash, method, name, lease, details);
    }

    public MessageInfo withDetails(Details d) {
        return new MessageInfo(objId, objNum, op, hash, method, name, leaseMs, d);
    }
}
