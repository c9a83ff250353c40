package io.wireanalyze.protocol;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

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
 * @param extra   protocol-specific details, in report order (e.g. "endpoint", "interfaces", "exception")
 */
public record MessageInfo(String objId, Long objNum, Integer op, Long hash, String method, String name, Long leaseMs,
                          Map<String, Object> extra) {

    public static final MessageInfo EMPTY = new MessageInfo(null, null, null, null, null, null, null, Map.of());

    public MessageInfo {
        extra = extra == null || extra.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(extra));
    }

    public static MessageInfo extra(Map<String, Object> extra) {
        return new MessageInfo(null, null, null, null, null, null, null, extra);
    }

    public MessageInfo withMethod(String m) {
        return new MessageInfo(objId, objNum, op, hash, m, name, leaseMs, extra);
    }

    public MessageInfo withLease(Long lease) {
        return new MessageInfo(objId, objNum, op, hash, method, name, lease, extra);
    }

    public MessageInfo withExtra(String key, Object value) {
        Map<String, Object> m = new LinkedHashMap<>(extra);
        m.put(key, value);
        return new MessageInfo(objId, objNum, op, hash, method, name, leaseMs, m);
    }
}
