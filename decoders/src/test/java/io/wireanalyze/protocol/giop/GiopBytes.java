package io.wireanalyze.protocol.giop;

import static io.wireanalyze.testing.TestCaptures.hex;

/**
 * Hand-written GIOP messages, commented field by field with each field's offset from the message start (CDR
 * aligns relative to it). Each was checked with tshark 4.0 (text2pcap, then {@code tshark -V}).
 */
final class GiopBytes {

    private GiopBytes() {
    }

    /** GIOP 1.0, big-endian: a JDK-style resolve("BenchService") on the INS bootstrap key, with a CodeSets context. */
    static final byte[] REQUEST_10_RESOLVE = hex("""
            47494f50 01 00 00 00 0000005d   // "GIOP", version 1.0, byte_order 0 (big-endian), Request, size 93
            00000001                        // 12 service contexts: 1
            00000001                        // 16   context_id 1: CodeSets
            0000000c                        // 20   context_data: 12 octets, an encapsulation:
            00 000000                       // 24     byte order 0, padding
            00010001                        // 28     char_data 0x00010001: ISO-8859-1
            00010109                        // 32     wchar_data 0x00010109: UTF-16
            00000005                        // 36 request_id 5
            01 000000                       // 40 response_expected true, padding
            0000000b 4e616d6553657276696365 00   // 44 object_key: 11 octets "NameService", padding
            00000008 7265736f6c766500       // 60 operation "resolve"
            00000000                        // 72 requesting_principal: empty
            00000001                        // 76 body: CosNaming::Name of 1 component:
            0000000d 42656e636853657276696365 00 000000   // 80 id "BenchService", padding
            00000001 00                     // 100 kind ""
            """);

    /** GIOP 1.0, big-endian: its reply, NO_EXCEPTION, returning an IOR. */
    static final byte[] REPLY_10_RESOLVED = hex("""
            47494f50 01 00 00 01 0000004c   // GIOP 1.0, big-endian, Reply, size 76
            00000000                        // 12 service contexts: none
            00000005                        // 16 request_id 5
            00000000                        // 20 reply_status NO_EXCEPTION
            0000000e 49444c3a42656e63683a312e3000 0000   // 24 IOR type_id "IDL:Bench:1.0", padding
            00000001                        // 44 profiles: 1
            00000000                        // 48   tag 0: TAG_INTERNET_IOP
            00000020                        // 52   profile_data: 32 octets, an encapsulation:
            00 01 02 00                     // 56     byte order 0, IIOP version 1.2, padding
            0000000a 3132372e302e302e3100   // 60     host "127.0.0.1"
            0d05                            // 74     port 3333
            00000004 00010203               // 76     object_key 00 01 02 03
            00000000                        // 84     components: none
            """);

    /** GIOP 1.1, little-endian, more fragments follow: sendInts(int[4]) with two of its ints. */
    static final byte[] REQUEST_11_LE_FIRST = hex("""
            47494f50 01 01 03 00 38000000   // GIOP 1.1, flags little-endian | more fragments, Request, size 56
            00000000                        // 12 service contexts: none
            07000000                        // 16 request_id 7
            01 000000                       // 20 response_expected true, reserved
            08000000 42656e63684b6579       // 24 object_key "BenchKey"
            09000000 73656e64496e747300 000000   // 36 operation "sendInts", padding
            00000000                        // 52 requesting_principal: empty
            04000000 01000000 02000000      // 56 body: int[4] {1, 2, ...
            """);

    /** GIOP 1.1, little-endian: the last fragment of that request (1.1 fragments carry no request id). */
    static final byte[] FRAGMENT_11_LE = hex("""
            47494f50 01 01 01 07 08000000   // GIOP 1.1, little-endian, no more fragments, Fragment, size 8
            03000000 04000000               // 12 ... 3, 4}
            """);

    /** GIOP 1.1, little-endian: the reply, returning an int. */
    static final byte[] REPLY_11_LE = hex("""
            47494f50 01 01 01 01 10000000   // GIOP 1.1, little-endian, Reply, size 16
            00000000                        // 12 service contexts: none
            07000000                        // 16 request_id 7
            00000000                        // 20 reply_status NO_EXCEPTION
            0a000000                        // 24 body: 10
            """);

    /** GIOP 1.2, big-endian, more fragments follow: echo(string) with the first 4 of its 16 octets. */
    static final byte[] REQUEST_12_FIRST = hex("""
            47494f50 01 02 02 00 0000002c   // GIOP 1.2, flags big-endian | more fragments, Request, size 44
            00000009                        // 12 request_id 9
            03 000000                       // 16 response_flags 3 (SyncScope WITH_TARGET), reserved
            0000 0000                       // 20 TargetAddress: KeyAddr, padding
            00000004 0000002a               // 24 object_key 00 00 00 2a
            00000005 6563686f00 000000      // 32 operation "echo", padding
            00000000                        // 44 service contexts: none
            00000010 41424344               // 48 body (8-aligned): string of 16 octets: "ABCD...
            """);

    /** GIOP 1.2, big-endian: its last fragment, with the request id. */
    static final byte[] FRAGMENT_12 = hex("""
            47494f50 01 02 00 07 00000010   // GIOP 1.2, big-endian, no more fragments, Fragment, size 16
            00000009                        // 12 request_id 9
            45464748 494a4b4c 4d4e4f00      // 16 ...EFGHIJKLMNO"
            """);

    /** GIOP 1.2, big-endian: a void reply, no body and so no padding. */
    static final byte[] REPLY_12_VOID = hex("""
            47494f50 01 02 00 01 0000000c   // GIOP 1.2, big-endian, Reply, size 12
            00000009                        // 12 request_id 9
            00000000                        // 16 reply_status NO_EXCEPTION
            00000000                        // 20 service contexts: none
            """);

    /** GIOP 1.2, little-endian: OBJECT_NOT_EXIST. */
    static final byte[] REPLY_12_LE_SYSTEM_EXCEPTION = hex("""
            47494f50 01 02 01 01 40000000   // GIOP 1.2, little-endian, Reply, size 64
            03000000                        // 12 request_id 3
            02000000                        // 16 reply_status SYSTEM_EXCEPTION
            00000000                        // 20 service contexts: none
            27000000 49444c3a6f6d672e6f72672f434f5242412f4f424a4543545f4e4f545f45584953543a312e3000 00
                                            // 24 body (8-aligned): exception_id "IDL:omg.org/CORBA/OBJECT_NOT_EXIST:1.0", padding
            02004d4f                        // 68 minor_code_value 0x4f4d0002
            01000000                        // 72 completion_status COMPLETED_NO
            """);

    /** GIOP 1.2, big-endian: CosNaming NotFound. */
    static final byte[] REPLY_12_USER_EXCEPTION = hex("""
            47494f50 01 02 00 01 0000004c   // GIOP 1.2, big-endian, Reply, size 76
            00000004                        // 12 request_id 4
            00000001                        // 16 reply_status USER_EXCEPTION
            00000000                        // 20 service contexts: none
            00000031 49444c3a6f6d672e6f72672f436f734e616d696e672f4e616d696e67436f6e746578742f4e6f74466f756e643a312e3000 000000
                                            // 24 body (8-aligned): "IDL:omg.org/CosNaming/NamingContext/NotFound:1.0", padding
            00000000                        // 80 why: missing_node
            00000000                        // 84 rest_of_name: empty
            """);

    /** GIOP 1.2, big-endian: the INS bootstrap, _non_existent on the key "NameService"; no body. */
    static final byte[] REQUEST_12_BOOTSTRAP = hex("""
            47494f50 01 02 00 00 00000034   // GIOP 1.2, big-endian, Request, size 52
            00000002                        // 12 request_id 2
            03 000000                       // 16 response_flags 3, reserved
            0000 0000                       // 20 TargetAddress: KeyAddr, padding
            0000000b 4e616d6553657276696365 00   // 24 object_key "NameService", padding
            0000000e 5f6e6f6e5f6578697374656e7400 0000   // 40 operation "_non_existent", padding
            00000000                        // 60 service contexts: none
            """);

    /** GIOP 1.2, big-endian: LOCATION_FORWARD to the root naming context at 127.0.0.1:1050. */
    static final byte[] REPLY_12_FORWARD = hex("""
            47494f50 01 02 00 01 0000006c   // GIOP 1.2, big-endian, Reply, size 108
            00000002                        // 12 request_id 2
            00000003                        // 16 reply_status LOCATION_FORWARD
            00000000                        // 20 service contexts: none
            0000002b 49444c3a6f6d672e6f72672f436f734e616d696e672f4e616d696e67436f6e746578744578743a312e3000 00
                                            // 24 body (8-aligned), an IOR: type_id "IDL:omg.org/CosNaming/NamingContextExt:1.0", padding
            00000001                        // 72 profiles: 1
            00000000                        // 76   tag TAG_INTERNET_IOP
            00000024                        // 80   profile_data: 36 octets, an encapsulation:
            00 01 02 00                     // 84     byte order 0, IIOP 1.2, padding
            0000000a 3132372e302e302e3100   // 88     host "127.0.0.1"
            041a                            // 102    port 1050
            00000008 afabcafe00000001       // 104    object_key af ab ca fe 00 00 00 01
            00000000                        // 116    components: none
            """);

    /** GIOP 1.2, big-endian: resolve_str("BenchService") on the key the forward handed out (not printable, no "NameService"). */
    static final byte[] REQUEST_12_RESOLVE_STR = hex("""
            47494f50 01 02 00 00 0000003d   // GIOP 1.2, big-endian, Request, size 61
            00000001                        // 12 request_id 1
            03 000000                       // 16 response_flags 3, reserved
            0000 0000                       // 20 TargetAddress: KeyAddr, padding
            00000008 afabcafe00000001       // 24 object_key af ab ca fe 00 00 00 01
            0000000c 7265736f6c76655f73747200   // 36 operation "resolve_str"
            00000000                        // 52 service contexts: none
            0000000d 42656e636853657276696365 00   // 56 body (8-aligned): "BenchService"
            """);

    /** GIOP 1.1, big-endian: JacORB's naming key, resolve_str("BenchService"). */
    static final byte[] REQUEST_11_JACORB_RESOLVE_STR = hex("""
            47494f50 01 01 00 00 00000055   // GIOP 1.1, big-endian, Request, size 85
            00000000                        // 12 service contexts: none
            00000003                        // 16 request_id 3
            01 000000                       // 20 response_expected true, reserved
            0000001f 5374616e646172644e532f4e616d655365727665722d504f412f5f726f6f74 00
                                            // 24 object_key "StandardNS/NameServer-POA/_root", padding
            0000000c 7265736f6c76655f73747200   // 60 operation "resolve_str"
            00000000                        // 76 requesting_principal: empty
            0000000d 42656e636853657276696365 00   // 80 body: "BenchService"
            """);

    /** GIOP 1.2, big-endian: a oneway ping() addressed by a whole reference (ReferenceAddr). */
    static final byte[] REQUEST_12_REFERENCE_ADDR = hex("""
            47494f50 01 02 00 00 00000060   // GIOP 1.2, big-endian, Request, size 96
            0000000b                        // 12 request_id 11
            00 000000                       // 16 response_flags 0 (oneway), reserved
            0002 0000                       // 20 TargetAddress: ReferenceAddr, padding
            00000000                        // 24 selected_profile_index 0
            0000000e 49444c3a42656e63683a312e3000 0000   // 28 IOR type_id "IDL:Bench:1.0", padding
            00000001                        // 48 profiles: 1
            00000000                        // 52   tag TAG_INTERNET_IOP
            00000020                        // 56   profile_data: 32 octets, an encapsulation:
            00 01 02 00                     // 60     byte order 0, IIOP 1.2, padding
            0000000a 3132372e302e302e3100   // 64     host "127.0.0.1"
            0d05                            // 78     port 3333
            00000004 00010203               // 80     object_key 00 01 02 03
            00000000                        // 88     components: none
            00000005 70696e6700 000000      // 92 operation "ping", padding
            00000000                        // 104 service contexts: none
            """);

    /** GIOP 1.2, big-endian: LocateRequest for "BenchKey". */
    static final byte[] LOCATE_REQUEST_12 = hex("""
            47494f50 01 02 00 03 00000014   // GIOP 1.2, big-endian, LocateRequest, size 20
            00000001                        // 12 request_id 1
            0000 0000                       // 16 TargetAddress: KeyAddr, padding
            00000008 42656e63684b6579       // 20 object_key "BenchKey"
            """);

    /** GIOP 1.2, big-endian: OBJECT_HERE. */
    static final byte[] LOCATE_REPLY_12 = hex("""
            47494f50 01 02 00 04 00000008   // GIOP 1.2, big-endian, LocateReply, size 8
            00000001                        // 12 request_id 1
            00000001                        // 16 locate_status OBJECT_HERE
            """);

    /** GIOP 1.0, little-endian: LocateRequest. */
    static final byte[] LOCATE_REQUEST_10_LE = hex("""
            47494f50 01 00 01 03 0c000000   // GIOP 1.0, byte_order 1 (little-endian), LocateRequest, size 12
            01000000                        // 12 request_id 1
            04000000 00000001               // 16 object_key 00 00 00 01
            """);

    /** GIOP 1.0, little-endian: OBJECT_FORWARD with an untyped IOR. */
    static final byte[] LOCATE_REPLY_10_LE_FORWARD = hex("""
            47494f50 01 00 01 04 38000000   // GIOP 1.0, little-endian, LocateReply, size 56
            01000000                        // 12 request_id 1
            02000000                        // 16 locate_status OBJECT_FORWARD
            01000000 00 000000              // 20 body, an IOR: type_id "", padding
            01000000                        // 28 profiles: 1
            00000000                        // 32   tag TAG_INTERNET_IOP
            1c000000                        // 36   profile_data: 28 octets, an encapsulation:
            01 01 00 00                     // 40     byte order 1 (little-endian), IIOP 1.0, padding
            0a000000 3132372e302e302e3100   // 44     host "127.0.0.1"
            0e04                            // 58     port 1038
            04000000 00000001               // 60     object_key 00 00 00 01 (IIOP 1.0: no components)
            """);

    static final byte[] CANCEL_REQUEST_12 = hex("""
            47494f50 01 02 00 02 00000004   // GIOP 1.2, big-endian, CancelRequest, size 4
            00000009                        // 12 request_id 9
            """);

    static final byte[] CLOSE_CONNECTION_12 = hex("""
            47494f50 01 02 00 05 00000000   // GIOP 1.2, big-endian, CloseConnection, size 0
            """);

    static final byte[] MESSAGE_ERROR_10 = hex("""
            47494f50 01 00 00 06 00000000   // GIOP 1.0, big-endian, MessageError, size 0
            """);

    /** ZIOP 1.2 (TAO's zlib compression): a compressed Request. */
    static final byte[] ZIOP_REQUEST = hex("""
            5a494f50 01 02 00 00 0000000c   // "ZIOP", version 1.2, big-endian, Request, size 12
            0004 0000                       // 12 compressor_id 4: ZLIB, padding
            00000004                        // 16 original_length (tshark's name) 4
            78da0300                        // 20 the compressed octets
            """);
}
