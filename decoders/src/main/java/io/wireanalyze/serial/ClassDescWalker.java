package io.wireanalyze.serial;

import io.wireanalyze.codec.Hex;
import static io.wireanalyze.serial.SerialConstants.MAX_PROXY_INTERFACES;
import static io.wireanalyze.serial.SerialConstants.SC_EXTERNALIZABLE;
import static io.wireanalyze.serial.SerialConstants.SC_SERIALIZABLE;
import static io.wireanalyze.serial.SerialConstants.TC_CLASSDESC;
import static io.wireanalyze.serial.SerialConstants.TC_NULL;
import static io.wireanalyze.serial.SerialConstants.TC_PROXYCLASSDESC;
import static io.wireanalyze.serial.SerialConstants.TC_REFERENCE;
import static io.wireanalyze.serial.SerialConstants.tcName;
import static io.wireanalyze.serial.SerialConstants.valueSize;

import io.wireanalyze.serial.SerialNode.ClassDesc;
import io.wireanalyze.serial.SerialNode.NullRef;
import io.wireanalyze.serial.SerialNode.ProxyClassDesc;
import io.wireanalyze.serial.SerialNode.Ref;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Class descriptors (§6.4.1 {@code classDesc}, {@code newClassDesc}, {@code classDescInfo},
 * {@code proxyClassDescInfo}, {@code fields}, {@code superClassDesc}) and the class layout they give an object.
 */
final class ClassDescWalker {

    private final Cursor c;
    private final Handles handles;
    private final ContentWalker contents;

    ClassDescWalker(Cursor c, Handles handles, ContentWalker contents) {
        this.c = c;
        this.handles = handles;
        this.contents = contents;
    }

    /**
     * §6.4.1 {@code classDesc: newClassDesc | nullReference | (ClassDesc)prevObject}. A reference must name a
     * finished class descriptor: its field layout is needed to walk the data that follows.
     */
    SerialNode classDesc(int depth, String field) {
        if (!c.depthOk(depth, field) || !c.need(1, field)) return null;
        int at = c.pos();
        int tc = c.peek();
        if (tc == TC_CLASSDESC || tc == TC_PROXYCLASSDESC) return newClassDesc(depth);
        if (tc == TC_NULL) return contents.nullRef();
        if (tc != TC_REFERENCE)
            return c.fail(at, field, tcName(tc) + " (expected: TC_CLASSDESC, TC_PROXYCLASSDESC, TC_NULL or TC_REFERENCE)");
        Ref ref = contents.ref(field + ".handle");
        if (ref == null || ref.target() instanceof ClassDesc || ref.target() instanceof ProxyClassDesc) return ref;
        return c.fail(at, field, Hex.of(ref.handle()) + " refers to " + ContentWalker.kind(ref.target())
            + " (expected: a finished class descriptor)");
    }

    /** §6.4.1 {@code newClassDesc}; the TC_CLASSDESC or TC_PROXYCLASSDESC tag is confirmed at the cursor. */
    SerialNode newClassDesc(int depth) {
        return c.peek() == TC_CLASSDESC ? nonProxy(depth) : proxy(depth);
    }

    /** False (Malformed at the descriptor) if a class descriptor from {@link #classDesc} is TC_NULL. */
    boolean notNull(SerialNode desc, String field) {
        if (!(desc instanceof NullRef)) return true;
        c.fail(desc.start(), field, "TC_NULL (expected: a class descriptor)");
        return false;
    }

    /** A ClassDesc or ProxyClassDesc for a descriptor from {@link #classDesc}, or the NullRef itself. */
    static SerialNode resolve(SerialNode desc) {
        return desc instanceof Ref r ? r.target() : desc;
    }

    /**
     * The classes whose data an object of class {@code desc} carries, superclass first (§6.4.1 {@code classdata[]},
     * "the most super class first"). Its length was bounded by maxNestingDepth when the descriptors were walked.
     */
    List<SerialNode> layout(SerialNode desc, String field) {
        if (!notNull(desc, field)) return null;
        List<SerialNode> levels = new ArrayList<>();
        for (SerialNode d = resolve(desc); !(d instanceof NullRef); d = resolve(superOf(d))) levels.add(d);
        Collections.reverse(levels);
        return levels;
    }

    /** §6.4.1 {@code TC_CLASSDESC className serialVersionUID newHandle classDescInfo}. */
    private SerialNode nonProxy(int depth) {
        int at = c.pos();
        c.skip(1);
        String name = c.utf("TC_CLASSDESC.className");
        if (name == null || !c.need(8, "TC_CLASSDESC.serialVersionUID")) return null;
        long suid = c.s8();
        if (!c.count(at, "TC_CLASSDESC")) return null;
        int handle = handles.assign();
        if (!c.need(1, "TC_CLASSDESC.flags")) return null;
        int flags = c.u1();
        if ((flags & SC_SERIALIZABLE) != 0 && (flags & SC_EXTERNALIZABLE) != 0)
            return c.fail(c.pos() - 1, "TC_CLASSDESC.flags", Hex.of(flags) + " of " + name
                + " sets SC_SERIALIZABLE and SC_EXTERNALIZABLE (expected: at most one of them)");
        List<FieldDesc> fields = fields(depth);
        if (fields == null) return null;
        List<SerialNode> annotation = contents.annotation(depth + 1, "TC_CLASSDESC.classAnnotation");
        SerialNode superClass = annotation == null ? null : superClassDesc(depth + 1);
        if (superClass == null) return null;
        ClassDesc desc = new ClassDesc(at, c.pos(), name, suid, flags, fields, annotation, superClass);
        handles.finish(handle, desc);
        return desc;
    }

    /** §6.4.1 {@code fields: (short)<count> fieldDesc[count]}, primitive fields before object fields. */
    private List<FieldDesc> fields(int depth) {
        if (!c.need(2, "TC_CLASSDESC.fields.count")) return null;
        int count = c.s2();
        if (count < 0) return c.fail(c.pos() - 2, "TC_CLASSDESC.fields.count", count + " (expected: 0..32767)");
        if (!c.need(3L * count, "TC_CLASSDESC.fields")) return null; // a fieldDesc is at least typecode + (utf) length
        List<FieldDesc> fields = new ArrayList<>(count);
        boolean objectSeen = false;
        for (int i = 0; i < count; i++) {
            int fieldAt = c.pos();
            if (!c.need(1, "TC_CLASSDESC.fields.typecode")) return null;
            char type = (char) c.u1();
            int size = valueSize(type);
            if (size < 0) return c.fail(fieldAt, "TC_CLASSDESC.fields.typecode", Hex.of(type)
                + " (expected: a typecode B C D F I J S Z L or [)");
            String name = c.utf("TC_CLASSDESC.fields.fieldName");
            if (name == null) return null;
            if (size > 0 && objectSeen) return c.fail(fieldAt, "TC_CLASSDESC.fields", "primitive field " + name
                + " after an object field (expected: primitive fields first, as ObjectStreamClass orders them)");
            String typeName = null;
            if (size == 0) {
                objectSeen = true;
                SerialNode typeString = contents.stringObject(depth + 1, "TC_CLASSDESC.fields.className1");
                if (typeString == null) return null;
                typeName = ContentWalker.stringValue(typeString);
            }
            fields.add(new FieldDesc(type, name, typeName));
        }
        return fields;
    }

    /** §6.4.1 {@code TC_PROXYCLASSDESC newHandle proxyClassDescInfo}. */
    private SerialNode proxy(int depth) {
        int at = c.pos();
        c.skip(1);
        if (!c.count(at, "TC_PROXYCLASSDESC")) return null;
        int handle = handles.assign();
        if (!c.need(4, "TC_PROXYCLASSDESC.count")) return null;
        int count = c.s4();
        if (count < 0 || count > MAX_PROXY_INTERFACES)
            return c.fail(c.pos() - 4, "TC_PROXYCLASSDESC.count", count + " (expected: 0.." + MAX_PROXY_INTERFACES + ")");
        if (!c.need(2L * count, "TC_PROXYCLASSDESC.proxyInterfaceName")) return null;
        List<String> interfaces = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String name = c.utf("TC_PROXYCLASSDESC.proxyInterfaceName");
            if (name == null) return null;
            interfaces.add(name);
        }
        List<SerialNode> annotation = contents.annotation(depth + 1, "TC_PROXYCLASSDESC.classAnnotation");
        SerialNode superClass = annotation == null ? null : superClassDesc(depth + 1);
        if (superClass == null) return null;
        ProxyClassDesc desc = new ProxyClassDesc(at, c.pos(), interfaces, annotation, superClass);
        handles.finish(handle, desc);
        return desc;
    }

    /** §6.4.1 {@code superClassDesc: classDesc}; the hierarchy above it may be at most maxNestingDepth - 1 deep. */
    private SerialNode superClassDesc(int depth) {
        int at = c.pos();
        SerialNode superClass = classDesc(depth, "superClassDesc");
        if (superClass == null) return null;
        int levels = 0;
        for (SerialNode d = resolve(superClass); !(d instanceof NullRef); d = resolve(superOf(d))) levels++;
        if (levels + 1 > c.limits().maxNestingDepth())
            return c.fail(at, "superClassDesc", "class hierarchy " + (levels + 1) + " classes deep (expected: <= "
                + "maxNestingDepth " + c.limits().maxNestingDepth() + ") (exceeds limit)");
        return superClass;
    }

    private static SerialNode superOf(SerialNode resolvedDesc) {
        return resolvedDesc instanceof ClassDesc d ? d.superClass() : ((ProxyClassDesc) resolvedDesc).superClass();
    }
}
