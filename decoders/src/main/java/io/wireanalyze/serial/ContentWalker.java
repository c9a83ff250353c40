package io.wireanalyze.serial;

import io.wireanalyze.codec.Hex;
import io.wireanalyze.codec.ModifiedUtf8;
import static io.wireanalyze.serial.SerialConstants.TC_ARRAY;
import static io.wireanalyze.serial.SerialConstants.TC_BLOCKDATA;
import static io.wireanalyze.serial.SerialConstants.TC_BLOCKDATALONG;
import static io.wireanalyze.serial.SerialConstants.TC_CLASS;
import static io.wireanalyze.serial.SerialConstants.TC_CLASSDESC;
import static io.wireanalyze.serial.SerialConstants.TC_ENDBLOCKDATA;
import static io.wireanalyze.serial.SerialConstants.TC_ENUM;
import static io.wireanalyze.serial.SerialConstants.TC_EXCEPTION;
import static io.wireanalyze.serial.SerialConstants.TC_LONGSTRING;
import static io.wireanalyze.serial.SerialConstants.TC_NULL;
import static io.wireanalyze.serial.SerialConstants.TC_OBJECT;
import static io.wireanalyze.serial.SerialConstants.TC_PROXYCLASSDESC;
import static io.wireanalyze.serial.SerialConstants.TC_REFERENCE;
import static io.wireanalyze.serial.SerialConstants.TC_RESET;
import static io.wireanalyze.serial.SerialConstants.TC_STRING;
import static io.wireanalyze.serial.SerialConstants.tcName;
import static io.wireanalyze.serial.SerialConstants.valueSize;

import io.wireanalyze.serial.SerialNode.ClassDesc;
import io.wireanalyze.serial.SerialNode.NullRef;
import io.wireanalyze.serial.SerialNode.Ref;
import io.wireanalyze.serial.SerialNode.Str;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code content} and {@code object} productions of §6.4.1, except class descriptors
 * ({@link ClassDescWalker}) and class data ({@link ClassDataWalker}). Every method returns the parsed node, or
 * null once the cursor has recorded a failure or an abort.
 */
final class ContentWalker {

    /** Where a content appears, which decides what may appear there (§6.4.1). */
    enum Position {
        /** {@code stream: magic version contents}: block data, TC_RESET and TC_EXCEPTION are allowed. */
        TOP_LEVEL,
        /** {@code classAnnotation}, {@code objectAnnotation}: block data allowed; a TC_EXCEPTION aborts. */
        ANNOTATION,
        /** Field values, array elements, the throwable of an exception: an {@code object} only. */
        VALUE
    }

    private static final String OBJECTS = "TC_NULL, TC_REFERENCE, TC_CLASSDESC, TC_PROXYCLASSDESC, TC_OBJECT, "
        + "TC_STRING, TC_LONGSTRING, TC_ARRAY, TC_CLASS, TC_ENUM or TC_EXCEPTION";

    private final Cursor c;
    private final Handles handles = new Handles();
    private final ClassDescWalker descs;
    private final ClassDataWalker data;

    ContentWalker(Cursor c) {
        this.c = c;
        this.descs = new ClassDescWalker(c, handles, this);
        this.data = new ClassDataWalker(c, this);
    }

    /** §6.4.1 {@code content} (or {@code object} at {@link Position#VALUE}) at the cursor. */
    SerialNode content(int depth, Position position) {
        String field = position == Position.VALUE ? "object" : "content";
        if (!c.depthOk(depth, field) || !c.need(1, field)) return null;
        int at = c.pos();
        int tc = c.peek();
        return switch (tc) {
            case TC_NULL -> nullRef();
            case TC_REFERENCE -> ref("TC_REFERENCE.handle");
            case TC_CLASSDESC, TC_PROXYCLASSDESC -> descs.newClassDesc(depth);
            case TC_OBJECT -> newObject(depth);
            case TC_STRING, TC_LONGSTRING -> newString();
            case TC_ARRAY -> newArray(depth);
            case TC_CLASS -> newClass(depth);
            case TC_ENUM -> newEnum(depth);
            case TC_EXCEPTION -> exception(depth, position);
            case TC_BLOCKDATA, TC_BLOCKDATALONG -> position == Position.VALUE
                ? c.fail(at, field, tcName(tc) + " (expected: " + OBJECTS + "; block data only in annotations and at top level)")
                : blockData();
            case TC_RESET -> position == Position.TOP_LEVEL ? reset()
                : c.fail(at, field, tcName(tc) + " inside an object (expected: TC_RESET only between top-level contents)");
            case TC_ENDBLOCKDATA -> c.fail(at, field, tcName(tc) + " outside a classAnnotation or objectAnnotation"
                + " (expected: " + OBJECTS + (position == Position.VALUE ? ")" : ", TC_BLOCKDATA or TC_BLOCKDATALONG)"));
            default -> c.fail(at, field, tcName(tc) + " (expected: " + OBJECTS + ")");
        };
    }

    /** §6.4.1 {@code classAnnotation} / {@code objectAnnotation}: {@code contents endBlockData}. */
    List<SerialNode> annotation(int depth, String field) {
        List<SerialNode> contents = new ArrayList<>();
        while (c.need(1, field)) {
            if (c.peek() == TC_ENDBLOCKDATA) {
                c.skip(1);
                return contents;
            }
            SerialNode node = content(depth, Position.ANNOTATION);
            if (node == null) return null;
            contents.add(node);
        }
        return null;
    }

    /** §6.4.1 {@code nullReference: TC_NULL}; the tag is confirmed at the cursor. */
    SerialNode nullRef() {
        int at = c.pos();
        c.skip(1);
        return c.count(at, "TC_NULL") ? new NullRef(at, at + 1) : null;
    }

    /** §6.4.1 {@code prevObject: TC_REFERENCE (int)handle}; the tag is confirmed at the cursor. */
    Ref ref(String field) {
        int at = c.pos();
        if (!c.need(5, field)) return null;
        c.skip(1);
        int handle = c.s4();
        if (!handles.known(handle)) return c.fail(at + 1, field, Hex.of(handle) + " (expected: " + handles.range() + ")");
        return c.count(at, "TC_REFERENCE") ? new Ref(at, c.pos(), handle, handles.lookup(handle)) : null;
    }

    /**
     * A {@code (String)object}: TC_STRING, TC_LONGSTRING, TC_REFERENCE to a string, or TC_NULL; as written for
     * field type names (ObjectOutputStream.writeTypeString) and enum constant names.
     */
    SerialNode stringObject(int depth, String field) {
        if (!c.depthOk(depth, field) || !c.need(1, field)) return null;
        int at = c.pos();
        int tc = c.peek();
        if (tc == TC_STRING || tc == TC_LONGSTRING) return newString();
        if (tc == TC_NULL) return nullRef();
        if (tc != TC_REFERENCE)
            return c.fail(at, field, tcName(tc) + " (expected: TC_STRING, TC_LONGSTRING, TC_REFERENCE or TC_NULL)");
        Ref ref = ref(field);
        if (ref == null || ref.target() instanceof Str) return ref;
        return c.fail(at, field, Hex.of(ref.handle()) + " refers to " + kind(ref.target()) + " (expected: a string)");
    }

    /** The value of a node from {@link #stringObject}; null for TC_NULL. */
    static String stringValue(SerialNode node) {
        if (node instanceof Ref r) node = r.target();
        return node instanceof Str s ? s.value() : null;
    }

    static String kind(SerialNode node) {
        return node == null ? "a node still being built" : node.getClass().getSimpleName();
    }

    /** §6.4.1 {@code newString: TC_STRING newHandle (utf) | TC_LONGSTRING newHandle (long-utf)}. */
    private SerialNode newString() {
        int at = c.pos();
        boolean isLong = c.u1() == TC_LONGSTRING;
        String field = isLong ? "TC_LONGSTRING.length" : "TC_STRING.length";
        if (!c.need(isLong ? 8 : 2, field)) return null;
        long length = isLong ? c.s8() : c.u2();
        if (length < 0) return c.fail(at + 1, field, length + " (expected: >= 0)");
        if (!c.need(length, isLong ? "TC_LONGSTRING.utf" : "TC_STRING.utf")
            || !c.count(at, isLong ? "TC_LONGSTRING" : "TC_STRING")) return null;
        int from = c.pos();
        int bytes = (int) length; // need() bounded it by maxMessageBytes
        int invalid = ModifiedUtf8.firstInvalid(c.buffer(), from, bytes);
        if (invalid >= 0) return c.fail(invalid, isLong ? "TC_LONGSTRING.utf" : "TC_STRING.utf",
            String.format("byte 0x%02x (expected: modified UTF-8)", c.buffer().get(invalid) & 0xff));
        int maxChars = c.limits().maxStringChars();
        String value = ModifiedUtf8.decode(c.buffer(), from, bytes, maxChars);
        boolean truncated = ModifiedUtf8.longerThan(c.buffer(), from, bytes, maxChars);
        c.skip(bytes);
        Str str = new Str(at, c.pos(), value, bytes, truncated);
        handles.finish(handles.assign(), str);
        return str;
    }

    /** §6.4.1 {@code newObject: TC_OBJECT classDesc newHandle classdata[]}. */
    private SerialNode newObject(int depth) {
        int at = c.pos();
        c.skip(1);
        SerialNode desc = descs.classDesc(depth + 1, "TC_OBJECT.classDesc");
        List<SerialNode> layout = desc == null ? null : descs.layout(desc, "TC_OBJECT.classDesc");
        if (layout == null || !c.count(at, "TC_OBJECT")) return null;
        int handle = handles.assign();
        List<ClassData> classData = data.classData(layout, depth + 1);
        if (classData == null) return null;
        SerialNode.Obj obj = new SerialNode.Obj(at, c.pos(), desc, classData);
        handles.finish(handle, obj);
        return obj;
    }

    /** §6.4.1 {@code newArray: TC_ARRAY classDesc newHandle (int)<size> values[size]}. */
    private SerialNode newArray(int depth) {
        int at = c.pos();
        c.skip(1);
        SerialNode desc = descs.classDesc(depth + 1, "TC_ARRAY.classDesc");
        if (desc == null) return null;
        String name = ClassDescWalker.resolve(desc) instanceof ClassDesc d ? d.className() : "";
        if (name.length() < 2 || name.charAt(0) != '[' || valueSize(name.charAt(1)) < 0)
            return c.fail(desc.start(), "TC_ARRAY.classDesc", "class " + SerialNode.nameOf(desc)
                + " (expected: an array class such as [I or [Ljava.lang.String;)");
        if (!c.count(at, "TC_ARRAY")) return null;
        int handle = handles.assign();
        if (!c.need(4, "TC_ARRAY.size")) return null;
        int size = c.s4();
        if (size < 0) return c.fail(c.pos() - 4, "TC_ARRAY.size", size + " (expected: >= 0)");
        int elementsStart = c.pos();
        int width = valueSize(name.charAt(1));
        List<SerialNode> elements = new ArrayList<>();
        if (width > 0) { // primitive values: skipped by arithmetic
            if (!c.need((long) size * width, "TC_ARRAY.values")) return null;
            c.skip((long) size * width);
        } else if (c.need(size, "TC_ARRAY.values")) { // an element takes at least one byte
            for (int i = 0; i < size; i++) {
                SerialNode element = content(depth + 1, Position.VALUE);
                if (element == null) return null;
                elements.add(element);
            }
        } else {
            return null;
        }
        SerialNode.Arr arr = new SerialNode.Arr(at, c.pos(), desc, name, size, elementsStart, elements);
        handles.finish(handle, arr);
        return arr;
    }

    /** §6.4.1 {@code newClass: TC_CLASS classDesc newHandle}. */
    private SerialNode newClass(int depth) {
        int at = c.pos();
        c.skip(1);
        SerialNode desc = descs.classDesc(depth + 1, "TC_CLASS.classDesc");
        if (desc == null || !descs.notNull(desc, "TC_CLASS.classDesc") || !c.count(at, "TC_CLASS")) return null;
        SerialNode.ClassObj node = new SerialNode.ClassObj(at, c.pos(), desc);
        handles.finish(handles.assign(), node);
        return node;
    }

    /** §6.4.1 {@code newEnum: TC_ENUM classDesc newHandle enumConstantName}. */
    private SerialNode newEnum(int depth) {
        int at = c.pos();
        c.skip(1);
        SerialNode desc = descs.classDesc(depth + 1, "TC_ENUM.classDesc");
        if (desc == null || !descs.notNull(desc, "TC_ENUM.classDesc") || !c.count(at, "TC_ENUM")) return null;
        int handle = handles.assign();
        int nameAt = c.pos();
        SerialNode name = stringObject(depth + 1, "TC_ENUM.enumConstantName");
        if (name == null) return null;
        if (name instanceof NullRef) return c.fail(nameAt, "TC_ENUM.enumConstantName", "TC_NULL (expected: a string)");
        SerialNode.Enum node = new SerialNode.Enum(at, c.pos(), desc, stringValue(name));
        handles.finish(handle, node);
        return node;
    }

    /**
     * §6.4.1 {@code exception: TC_EXCEPTION reset (Throwable)object reset}. Inside an object the writer gave up
     * mid-object, so the enclosing contents are abandoned: the cursor records an abort and the walk unwinds to
     * the top level, which keeps this node as the content.
     */
    private SerialNode exception(int depth, Position position) {
        int at = c.pos();
        c.skip(1);
        if (!c.count(at, "TC_EXCEPTION")) return null;
        handles.clear();
        SerialNode throwable = content(depth + 1, Position.VALUE);
        if (throwable == null) return null;
        handles.clear();
        SerialNode.Exception node = new SerialNode.Exception(at, c.pos(), throwable);
        if (position == Position.TOP_LEVEL) return node;
        c.abort(node);
        return null;
    }

    /** §6.4.1 {@code blockdatashort} / {@code blockdatalong}. */
    private SerialNode blockData() {
        int at = c.pos();
        boolean isLong = c.u1() == TC_BLOCKDATALONG;
        String field = isLong ? "TC_BLOCKDATALONG.size" : "TC_BLOCKDATA.size";
        if (!c.need(isLong ? 4 : 1, field)) return null;
        int size = isLong ? c.s4() : c.u1();
        if (size < 0) return c.fail(at + 1, field, size + " (expected: >= 0)");
        int dataStart = c.pos();
        if (!c.need(size, isLong ? "TC_BLOCKDATALONG.data" : "TC_BLOCKDATA.data") || !c.count(at, field)) return null;
        c.skip(size);
        return new SerialNode.BlockData(at, c.pos(), dataStart);
    }

    /** §6.4.1 {@code reset: TC_RESET}: handles restart at baseWireHandle. */
    private SerialNode reset() {
        int at = c.pos();
        c.skip(1);
        if (!c.count(at, "TC_RESET")) return null;
        handles.clear();
        return new SerialNode.Reset(at, at + 1);
    }
}
