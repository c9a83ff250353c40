package io.wireanalyze.serial;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One class's data inside an object, superclass first as in the stream (§6.4.1 {@code classdata}).
 *
 * @param className  the class whose descriptor laid out this data ("$Proxy[...]" for a proxy class)
 * @param fields     field name to value, in stream order: Long, Integer, Short, Byte, Character, Float, Double,
 *                   Boolean for primitives, a SerialNode for objects (NullRef for null)
 * @param annotation objectAnnotation contents (block data and objects) for SC_WRITE_METHOD, or the external
 *                   contents of an externalizable class written with SC_BLOCK_DATA; empty otherwise
 */
public record ClassData(String className, Map<String, Object> fields, List<SerialNode> annotation) {

    public ClassData {
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        annotation = List.copyOf(annotation);
    }
}
