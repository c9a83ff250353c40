package io.wireanalyze.serial;

/**
 * §6.4.1 {@code fieldDesc}: {@code primitiveDesc: prim_typecode fieldName} or
 * {@code objectDesc: obj_typecode fieldName className1}.
 *
 * @param typeCode  one of B C D F I J S Z (primitives), L or [ (objects)
 * @param name      the field name
 * @param className field descriptor of an object field, e.g. {@code Ljava/lang/String;} (cut to
 *                  maxStringChars, null if the stream wrote TC_NULL); null for primitives
 */
public record FieldDesc(char typeCode, String name, String className) {

    public boolean isPrimitive() {
        return SerialConstants.valueSize(typeCode) > 0;
    }
}
