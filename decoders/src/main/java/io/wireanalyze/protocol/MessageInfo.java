package io.wireanalyze.protocol;

/**
 * What a decoder learned about a message, with the report's field names. Absent values are null. What only one
 * protocol has (JRMP's operation number, ObjID number and DGC lease, GIOP's service contexts...) is in its
 * {@link Details}.
 *
 * @param objId   remote object identifier (JRMP ObjID as "[unique:time:count, objNum]"; GIOP object key)
 * @param hash    interface or method hash
 * @param method  method or operation name, in the protocol's own form (qualified where it qualifies names)
 * @param name    the bound name of a naming call
 * @param details the protocol's own fields (a returned stub, GIOP service contexts, an unparsed span's reason...)
 */
public record MessageInfo(String objId, Long hash, String method, String name, Details details) {

    public static final MessageInfo EMPTY = new MessageInfo(null, null, null, null, Details.NONE);

    public MessageInfo {
        if (details == null) details = Details.NONE;
    }

    public static MessageInfo of(Details details) {
        return new MessageInfo(null, null, null, null, details);
    }

    public MessageInfo withMethod(String m) {
        return new MessageInfo(objId, hash, m, name, details);
    }

    public MessageInfo withDetails(Details d) {
        return new MessageInfo(objId, hash, method, name, d);
    }
}
