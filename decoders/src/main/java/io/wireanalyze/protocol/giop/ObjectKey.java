package io.wireanalyze.protocol.giop;

import java.nio.ByteBuffer;

/**
 * An object key (the opaque octets a server uses to find the target object; CORBA 3.0 chapter 15.4.2), as hex
 * and as text. Keys longer than {@link #MAX_BYTES} are kept in part, with their length.
 *
 * @param hex       the octets in hex (at most {@link #MAX_BYTES} of them, then "...")
 * @param text      the octets as ISO-8859-1 with non-printable octets shown as '.' (same bound)
 * @param printable whether every octet is printable ASCII
 * @param length    the key's length in octets
 */
record ObjectKey(String hex, String text, boolean printable, int length) {

    static final int MAX_BYTES = 512;

    static ObjectKey of(ByteBuffer b, CdrReader.Octets o) {
        int keep = Math.min(o.length(), MAX_BYTES);
        StringBuilder hex = new StringBuilder(keep * 2 + 3);
        boolean printable = o.length() > 0;
        for (int i = o.start(); i < o.start() + keep; i++) {
            int v = b.get(i) & 0xff;
            hex.append(Character.forDigit(v >>> 4, 16)).append(Character.forDigit(v & 15, 16));
        }
        for (int i = o.start(); i < o.end() && printable; i++) {
            int v = b.get(i) & 0xff;
            printable = v >= 0x20 && v <= 0x7e;
        }
        if (keep < o.length()) hex.append("...");
        return new ObjectKey(hex.toString(), CdrReader.text(b, o.start(), o.length(), MAX_BYTES), printable, o.length());
    }

    /**
     * Whether the key names a naming context by itself: JacORB's ("StandardNS/NameServer-POA/_root"), the JDK
     * and GlassFish ORBs' ("NameService" in the key, and the INS bootstrap key "NameService" itself), TAO's.
     */
    boolean looksLikeNaming() {
        return text.contains("NameService") || text.contains("NameServer");
    }

    /** The JDK ORB's bootstrap object ("INIT": get and list return initial references such as the NameService). */
    boolean isBootstrap() {
        return printable && text.equals("INIT");
    }

    /** For the report: the text when printable, else the hex. */
    @Override
    public String toString() {
        return printable ? text : hex;
    }
}
