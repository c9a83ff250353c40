package io.wireanalyze.serial;

import io.wireanalyze.codec.Hex;
import static io.wireanalyze.serial.SerialConstants.SC_BLOCK_DATA;
import static io.wireanalyze.serial.SerialConstants.SC_EXTERNALIZABLE;
import static io.wireanalyze.serial.SerialConstants.SC_SERIALIZABLE;
import static io.wireanalyze.serial.SerialConstants.SC_WRITE_METHOD;
import static io.wireanalyze.serial.SerialConstants.valueSize;

import io.wireanalyze.serial.SerialNode.ClassDesc;
import io.wireanalyze.serial.SerialNode.ProxyClassDesc;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * §6.4.1 {@code classdata: nowrclass | wrclass objectAnnotation | externalContents | objectAnnotation}: the data
 * of one object, typed by the field descriptors of its class layout.
 */
final class ClassDataWalker {

    private final Cursor c;
    private final ContentWalker contents;

    ClassDataWalker(Cursor c, ContentWalker contents) {
        this.c = c;
        this.contents = contents;
    }

    /**
     * The data of an object whose classes are {@code layout} (superclass first): for an externalizable class one
     * objectAnnotation, otherwise one entry per class. Each entry counts as a node against maxObjects.
     */
    List<ClassData> classData(List<SerialNode> layout, int depth) {
        SerialNode derived = layout.get(layout.size() - 1);
        if (derived instanceof ClassDesc d && d.hasFlag(SC_EXTERNALIZABLE)) {
            ClassData external = external(d, depth);
            return external == null ? null : List.of(external);
        }
        List<ClassData> out = new ArrayList<>(layout.size());
        for (SerialNode level : layout) {
            ClassData data = level instanceof ClassDesc d ? serializable(d, depth) : proxy((ProxyClassDesc) level);
            if (data == null) return null;
            out.add(data);
        }
        return out;
    }

    /**
     * §6.4.1 {@code externalContents}: only PROTOCOL_VERSION_2 data (SC_BLOCK_DATA) is an objectAnnotation with an
     * end; PROTOCOL_VERSION_1 data is whatever writeExternal wrote, with no length, so it cannot be walked.
     */
    private ClassData external(ClassDesc desc, int depth) {
        int at = c.pos();
        if (!desc.hasFlag(SC_BLOCK_DATA))
            return c.fail(at, "TC_OBJECT.classdata.externalContents", "externalizable " + desc.className()
                + " written without SC_BLOCK_DATA (PROTOCOL_VERSION_1) has no length and cannot be walked"
                + " (expected: flags with SC_BLOCK_DATA 0x08, got " + Hex.of(desc.flags()) + ")");
        if (!c.count(at, "TC_OBJECT.classdata")) return null;
        List<SerialNode> annotation = contents.annotation(depth, "TC_OBJECT.classdata.objectAnnotation");
        return annotation == null ? null : new ClassData(desc.className(), Map.of(), annotation);
    }

    /** §6.4.1 {@code nowrclass: values} and {@code wrclass objectAnnotation}. */
    private ClassData serializable(ClassDesc desc, int depth) {
        int at = c.pos();
        if (!desc.hasFlag(SC_SERIALIZABLE))
            return c.fail(at, "TC_OBJECT.classdata", "class " + desc.className() + " has flags "
                + Hex.of(desc.flags()) + " (expected: SC_SERIALIZABLE 0x02 for every class of a serializable object)");
        if (!c.count(at, "TC_OBJECT.classdata") || !c.need(primitiveBytes(desc), "TC_OBJECT.classdata.values"))
            return null;
        Map<String, Object> values = new LinkedHashMap<>();
        for (FieldDesc field : desc.fields()) {
            Object value = value(field, depth);
            if (value == null) return null;
            values.put(field.name(), value);
        }
        List<SerialNode> annotation = desc.hasFlag(SC_WRITE_METHOD)
            ? contents.annotation(depth, "TC_OBJECT.classdata.objectAnnotation") : List.of();
        return annotation == null ? null : new ClassData(desc.className(), values, annotation);
    }

    /** A proxy class itself has no serializable fields; its data lives in java.lang.reflect.Proxy (field h). */
    private ClassData proxy(ProxyClassDesc desc) {
        return c.count(c.pos(), "TC_OBJECT.classdata") ? new ClassData(desc.className(), Map.of(), List.of()) : null;
    }

    /** One field value (§6.4.1 {@code values}): a big-endian primitive, or an object. Null on failure. */
    private Object value(FieldDesc field, int depth) {
        int size = valueSize(field.typeCode());
        if (size == 0) return contents.content(depth, ContentWalker.Position.VALUE);
        if (!c.need(size, "TC_OBJECT.classdata.values")) return null;
        return switch (field.typeCode()) {
            case 'B' -> (byte) c.u1();
            case 'Z' -> c.u1() != 0;
            case 'C' -> (char) c.u2();
            case 'S' -> c.s2();
            case 'I' -> c.s4();
            case 'F' -> c.f4();
            case 'J' -> c.s8();
            default -> c.f8(); // 'D': valueSize admits nothing else with size > 0
        };
    }

    private static long primitiveBytes(ClassDesc desc) {
        long total = 0;
        for (FieldDesc field : desc.fields()) total += Math.max(0, valueSize(field.typeCode()));
        return total;
    }
}
