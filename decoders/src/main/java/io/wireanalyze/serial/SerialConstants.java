package io.wireanalyze.serial;

import java.util.List;

/**
 * Terminal symbols and constants of the Java Object Serialization Stream Protocol: Java Object Serialization
 * Specification, chapter 6, section 6.4.2 "Terminal Symbols and Constants" (the same values as
 * {@code java.io.ObjectStreamConstants}, restated here so that nothing in {@code java.io} serialization is touched).
 */
public final class SerialConstants {

    /** §6.4.2: magic number written at the start of every stream ({@code magic: STREAM_MAGIC}). */
    public static final short STREAM_MAGIC = (short) 0xaced;
    /** §6.4.2: stream version written after the magic ({@code version: STREAM_VERSION}). */
    public static final short STREAM_VERSION = 5;

    /** §6.4.2: {@code nullReference: TC_NULL}. */
    public static final byte TC_NULL = 0x70;
    /** §6.4.2: {@code prevObject: TC_REFERENCE (int)handle}. */
    public static final byte TC_REFERENCE = 0x71;
    /** §6.4.2: {@code newClassDesc: TC_CLASSDESC className serialVersionUID newHandle classDescInfo}. */
    public static final byte TC_CLASSDESC = 0x72;
    /** §6.4.2: {@code newObject: TC_OBJECT classDesc newHandle classdata[]}. */
    public static final byte TC_OBJECT = 0x73;
    /** §6.4.2: {@code newString: TC_STRING newHandle (utf)}. */
    public static final byte TC_STRING = 0x74;
    /** §6.4.2: {@code newArray: TC_ARRAY classDesc newHandle (int)<size> values[size]}. */
    public static final byte TC_ARRAY = 0x75;
    /** §6.4.2: {@code newClass: TC_CLASS classDesc newHandle}. */
    public static final byte TC_CLASS = 0x76;
    /** §6.4.2: {@code blockdatashort: TC_BLOCKDATA (unsigned byte)<size> (byte)[size]}. */
    public static final byte TC_BLOCKDATA = 0x77;
    /** §6.4.2: {@code endBlockData: TC_ENDBLOCKDATA}, ends a classAnnotation or objectAnnotation. */
    public static final byte TC_ENDBLOCKDATA = 0x78;
    /** §6.4.2: {@code reset: TC_RESET}, clears the handle table (top level only). */
    public static final byte TC_RESET = 0x79;
    /** §6.4.2: {@code blockdatalong: TC_BLOCKDATALONG (int)<size> (byte)[size]}. */
    public static final byte TC_BLOCKDATALONG = 0x7A;
    /** §6.4.2: {@code exception: TC_EXCEPTION reset (Throwable)object reset}. */
    public static final byte TC_EXCEPTION = 0x7B;
    /** §6.4.2: {@code newString: TC_LONGSTRING newHandle (long-utf)}. */
    public static final byte TC_LONGSTRING = 0x7C;
    /** §6.4.2: {@code newClassDesc: TC_PROXYCLASSDESC newHandle proxyClassDescInfo}. */
    public static final byte TC_PROXYCLASSDESC = 0x7D;
    /** §6.4.2: {@code newEnum: TC_ENUM classDesc newHandle enumConstantName}. */
    public static final byte TC_ENUM = 0x7E;

    /** §6.4.2 classDescFlags: the class has a writeObject method that wrote an objectAnnotation. */
    public static final byte SC_WRITE_METHOD = 0x01;
    /** §6.4.2 classDescFlags: the class is Serializable. */
    public static final byte SC_SERIALIZABLE = 0x02;
    /** §6.4.2 classDescFlags: the class is Externalizable. */
    public static final byte SC_EXTERNALIZABLE = 0x04;
    /** §6.4.2 classDescFlags: externalizable data written in block data mode (PROTOCOL_VERSION_2). */
    public static final byte SC_BLOCK_DATA = 0x08;
    /** §6.4.2 classDescFlags: the class is an enum type. */
    public static final byte SC_ENUM = 0x10;

    /** §6.4.2: the first wire handle assigned; handles count up from here and restart after a reset. */
    public static final int BASE_WIRE_HANDLE = 0x7E0000;

    /** §6.4.2 ({@code TC_BLOCKDATA}): the largest payload of a short block data record. */
    static final int MAX_SHORT_BLOCK = 0xFF;
    /** JVM specification §4.1: a class has at most 65535 direct superinterfaces, so a proxy at most that many. */
    static final int MAX_PROXY_INTERFACES = 0xFFFF;

    private static final List<String> TC_NAMES = List.of("TC_NULL", "TC_REFERENCE", "TC_CLASSDESC", "TC_OBJECT",
        "TC_STRING", "TC_ARRAY", "TC_CLASS", "TC_BLOCKDATA", "TC_ENDBLOCKDATA", "TC_RESET", "TC_BLOCKDATALONG",
        "TC_EXCEPTION", "TC_LONGSTRING", "TC_PROXYCLASSDESC", "TC_ENUM");

    private SerialConstants() {
    }

    /** True for the bytes TC_NULL (0x70) to TC_ENUM (0x7E), the only bytes that can start a {@code content}. */
    public static boolean isContentStart(int unsignedByte) {
        return unsignedByte >= TC_NULL && unsignedByte <= TC_ENUM;
    }

    /**
     * Size in bytes of a value of the given field or array element typecode (§6.4.2 {@code prim_typecode}:
     * B C D F I J S Z), 0 for the object typecodes {@code L} and {@code [} (§6.4.2 {@code obj_typecode}), and -1
     * for anything else.
     */
    static int valueSize(char typeCode) {
        return switch (typeCode) {
            case 'B', 'Z' -> 1;
            case 'C', 'S' -> 2;
            case 'I', 'F' -> 4;
            case 'J', 'D' -> 8;
            case 'L', '[' -> 0;
            default -> -1;
        };
    }

    /** The canonical name and hex value of a TC_* byte, or its hex value alone; for error messages. */
    static String tcName(int unsignedByte) {
        String hex = String.format("0x%02x", unsignedByte);
        return isContentStart(unsignedByte) ? TC_NAMES.get(unsignedByte - TC_NULL) + " " + hex : hex;
    }
}
