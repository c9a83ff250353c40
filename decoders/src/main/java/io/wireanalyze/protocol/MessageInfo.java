package io.wireanalyze.protocol;

/**
 * What a decoder learned about a message, with the report's field names. Absent values are null. What only one
 * protocol has (JRMP's operation number, ObjID number and DGC lease, GIOP's service contexts...) is in its
 * {@link Details}.
 *
 * @param objId   remote object identifier (JRMP ObjID as "[unique:time:count, objNum]"; GIOP object key)
 * @param hash    interface or method hash
 * @param method  method or operation name, in the protocol's own form: qualified where it qualifies names (a SOAP
 *                operation in Clark notation {@code {namespace}op}, or its SOAPAction when the Body is encrypted;
 *                XML-RPC's {@code Handler.method}), described where it has no name (an HTTP request line, a JRMP
 *                method known only by its hash)
 * @param operation the operation's plain name ({@code op}, {@code method}): what a marker call is recognised by;
 *                null where the message names none (an HTTP request no body format claims, an unnamed JRMP method)
 * @param name    the bound name of a naming call
 * @param details the protocol's own fields (a returned stub, GIOP service contexts, an unparsed span's reason...)
 */
public record MessageInfo(String objId, Long hash, String method, String operation, String name, Details details) {

    public static final MessageInfo EMPTY = new MessageInfo(null, null, null, null, null, Details.NONE);

    public MessageInfo {
        if (details == null) details = Details.NONE;
    }

    public static MessageInfo of(Details details) {
        return new MessageInfo(null, null, null, null, null, details);
    }

    /** Another method (a fact names its interface); the operation stays. */
    public MessageInfo withMethod(String m) {
        return new MessageInfo(objId, hash, m, operation, name, details);
    }

    public MessageInfo withDetails(Details d) {
        return new MessageInfo(objId, hash, method, operation, name, d);
    }
}
