package io.wireanalyze.workloads;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class IorTest {
    /** A big-endian IOR with one TAG_INTERNET_IOP profile, CORBA 3.0 sections 13.6.2 and 15.7.2. */
    static final String BIG_ENDIAN = "IOR:"
            + "00000000"                    // byte order 0 (big-endian), 3 octets of padding to the ulong
            + "0000000c"                    // type_id length 12, with its NUL
            + "49444c3a622f533a312e3000"    // "IDL:b/S:1.0\0"
            + "00000001"                    // one profile
            + "00000000"                    // tag TAG_INTERNET_IOP
            + "00000019"                    // profile_data length 25
            + "00" + "0102"                 //   encapsulation: big-endian; iiop_version 1.2
            + "00"                          //   padding to the ulong
            + "0000000a"                    //   host length 10
            + "3132372e302e302e3100"        //   "127.0.0.1\0"
            + "041b"                        //   port 1051
            + "00000001" + "2a";            //   object_key: 1 octet

    /** The same reference little-endian, with an unknown profile first (tag 1, TAG_MULTIPLE_COMPONENTS). */
    static final String LITTLE_ENDIAN_AFTER_ANOTHER_PROFILE = "IOR:"
            + "01000000"                    // byte order 1 (little-endian), padding
            + "0c000000"                    // type_id length 12
            + "49444c3a622f533a312e3000"    // "IDL:b/S:1.0\0"
            + "02000000"                    // two profiles
            + "01000000" + "02000000" + "0100"  // tag 1, length 2, skipped
            + "0000"                        // padding to the ulong
            + "00000000"                    // tag TAG_INTERNET_IOP
            + "19000000"                    // profile_data length 25
            + "01" + "0100"                 //   little-endian; iiop_version 1.0
            + "00"                          //   padding
            + "0a000000"                    //   host length 10
            + "3132372e302e302e3100"        //   "127.0.0.1\0"
            + "1b04"                        //   port 1051
            + "01000000" + "2a";            //   object_key

    @Test
    void decodesTheTypeIdVersionAndEndpointOfABigEndianIor() {
        Ior ior = Ior.parse(BIG_ENDIAN).orElseThrow();
        assertEquals(new Ior("IDL:b/S:1.0", 1, 2, new HostPort("127.0.0.1", 1051)), ior);
        assertEquals("IDL:b/S:1.0 @ 127.0.0.1:1051 (IIOP 1.2)", ior.toString());
    }

    @Test
    void decodesALittleEndianIorAndSkipsOtherProfiles() {
        assertEquals("IDL:b/S:1.0 @ 127.0.0.1:1051 (IIOP 1.0)", Ior.parse(LITTLE_ENDIAN_AFTER_ANOTHER_PROFILE).orElseThrow().toString());
    }

    @Test
    void rejectsTextThatIsNoIorAndAnIorCutShort() {
        assertEquals("IOR: starts with 'corb' (expected: 'IOR:')", Ior.parse("corbaloc:iiop:1.2@127.0.0.1:1050/NameService").error().orElseThrow());
        assertEquals("IOR: cut short at byte 30 (expected: a complete CDR encoding)",
                Ior.parse(BIG_ENDIAN.substring(0, 4 + 60)).error().orElseThrow());
        assertEquals("IOR: type_id length 4294967295 (expected: <= 0)",
                Ior.parse("IOR:00000000ffffffff").error().orElseThrow());
    }
}
