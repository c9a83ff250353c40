package io.wireanalyze.workloads;

import org.omg.CORBA.ORB;
import org.omg.CORBA.portable.OutputStream;
import org.omg.IOP.IOR;
import org.omg.IOP.IORHelper;
import org.omg.IOP.TAG_INTERNET_IOP;
import org.omg.IOP.TaggedProfile;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * What a CORBA client records about the reference its naming lookup returned, in one line:
 * {@code IDL:wireanalyze.io/bench/BenchService:1.0 @ 127.0.0.1:1051 (IIOP 1.2)}. The ORB marshals the reference
 * and reads it back as an {@code IOP::IOR} (CORBA 3.0 section 13.6.2); only the start of the first
 * TAG_INTERNET_IOP profile body is read here (section 15.7.2), the part every IIOP version shares. Only the client
 * mains, which run with an ORB's class path, use this class.
 */
public final class IiopReference {

    private IiopReference() {
    }

    /** The reference as {@code type @ host:port (IIOP major.minor)}, or its stringified IOR without an IIOP profile. */
    public static String describe(ORB orb, org.omg.CORBA.Object ref) {
        OutputStream out = orb.create_output_stream();
        out.write_Object(ref);
        IOR ior = IORHelper.read(out.create_input_stream());
        for (TaggedProfile p : ior.profiles) {
            if (p.tag != TAG_INTERNET_IOP.value) continue;
            try {
                return ior.type_id + " @ " + endpoint(p.profile_data);
            } catch (IndexOutOfBoundsException e) {
                break;   // a profile cut short: the stringified IOR below says what it holds
            }
        }
        return orb.object_to_string(ref);
    }

    /**
     * {@code host:port (IIOP major.minor)} from an IIOP profile body, a CDR encapsulation: byte order (offset 0),
     * {@code Version iiop_version} (1, 2), padding, {@code string host} (ulong length with the NUL at 4, the bytes
     * at 8), then {@code unsigned short port} at the next even offset.
     */
    static String endpoint(byte[] body) {
        ByteBuffer b = ByteBuffer.wrap(body).order((body[0] & 1) != 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        int hostLength = b.getInt(4);
        if (hostLength < 1 || 8 + hostLength > body.length) throw new IndexOutOfBoundsException("host length " + hostLength);
        String host = new String(body, 8, hostLength - 1, StandardCharsets.ISO_8859_1);
        int port = b.getShort((8 + hostLength + 1) & ~1) & 0xffff;
        return host + ":" + port + " (IIOP " + body[1] + "." + body[2] + ")";
    }
}
