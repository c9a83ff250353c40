package io.wireanalyze.protocol.giop;

import io.wireanalyze.codec.Hex;

/** The spec's names for GIOP's numbered values, as tshark prints them. */
final class GiopNames {

    private GiopNames() {
    }

    /** GIOP::ReplyStatusType (CORBA 3.0 chapter 15.4.3.1); tshark {@code giop.replystatus}. */
    static final int NO_EXCEPTION = 0, USER_EXCEPTION = 1, SYSTEM_EXCEPTION = 2, LOCATION_FORWARD = 3,
            LOCATION_FORWARD_PERM = 4, NEEDS_ADDRESSING_MODE = 5;
    private static final String[] REPLY_STATUS = {"NO_EXCEPTION", "USER_EXCEPTION", "SYSTEM_EXCEPTION",
            "LOCATION_FORWARD", "LOCATION_FORWARD_PERM", "NEEDS_ADDRESSING_MODE"};

    /** GIOP::LocateStatusType (chapter 15.4.6.1); tshark {@code giop.locale_status}. */
    static final int UNKNOWN_OBJECT = 0, OBJECT_HERE = 1, OBJECT_FORWARD = 2, OBJECT_FORWARD_PERM = 3,
            LOC_SYSTEM_EXCEPTION = 4, LOC_NEEDS_ADDRESSING_MODE = 5;
    private static final String[] LOCATE_STATUS = {"UNKNOWN_OBJECT", "OBJECT_HERE", "OBJECT_FORWARD",
            "OBJECT_FORWARD_PERM", "LOC_SYSTEM_EXCEPTION", "LOC_NEEDS_ADDRESSING_MODE"};

    /** GIOP::AddressingDisposition (chapter 15.4.2.1): the TargetAddress union's discriminator. */
    static final int KEY_ADDR = 0, PROFILE_ADDR = 1, REFERENCE_ADDR = 2;
    private static final String[] ADDRESSING = {"key", "profile", "reference"};

    /** IOP::ServiceId (CORBA 3.0 chapter 13.7.1 and later OMG specs); tshark {@code giop.iop.scid}. */
    static final int CODE_SETS = 1;
    private static final String[] SERVICE_IDS = {"TransactionService", "CodeSets", "ChainBypassCheck",
            "ChainBypassInfo", "LogicalThreadId", "BI_DIR_IIOP", "SendingContextRunTime", "INVOCATION_POLICIES",
            "FORWARDED_IDENTITY", "UnknownExceptionInfo", "RTCorbaPriority", "RTCorbaPriorityRange",
            "FT_GROUP_VERSION", "FT_REQUEST", "ExceptionDetailMessage", "SecurityAttributeService",
            "ActivityService", "RMICustomMaxStreamFormat", "ACCESS_SESSION_ID", "SERVICE_SESSION_ID",
            "FIREWALL_PATH", "FIREWALL_PATH_RESP"};
    /** JacORB pads a service context list to 8 octets with this one ("JAC" 0x01). */
    static final long JACORB_PADDING = 0x4A414301L;

    /** IOP::ProfileId (chapter 13.6.3). */
    static final long TAG_INTERNET_IOP = 0, TAG_MULTIPLE_COMPONENTS = 1, TAG_UIPMC = 3;

    /** CORBA::CompletionStatus of a system exception. */
    private static final String[] COMPLETION = {"COMPLETED_YES", "COMPLETED_NO", "COMPLETED_MAYBE"};

    /** Compression::CompressorId (CORBA ZIOP 1.0, 2.1); tshark {@code ziop.compressor_id}. */
    private static final String[] COMPRESSORS = {"NONE", "GZIP", "PKZIP", "BZIP2", "ZLIB", "LZMA", "LZO", "RZIP",
            "7X", "XAR"};

    static String replyStatus(long v) {
        return name(REPLY_STATUS, v);
    }

    static String locateStatus(long v) {
        return name(LOCATE_STATUS, v);
    }

    static String addressing(int v) {
        return name(ADDRESSING, v);
    }

    static String completion(long v) {
        return name(COMPLETION, v);
    }

    static String compressor(long v) {
        return name(COMPRESSORS, v);
    }

    static String serviceContext(long id) {
        if (id == JACORB_PADDING) return "JacORB padding";
        return id >= 0 && id < SERVICE_IDS.length ? SERVICE_IDS[(int) id] : Hex.padded(id);
    }

    /** OSF character and code set registry ids, as negotiated in a CodeSets context. */
    static String codeSet(long id) {
        if (id == 0x00010001L) return "ISO-8859-1";
        if (id == 0x05010001L) return "UTF-8";
        if (id == 0x00010109L) return "UTF-16";
        if (id == 0x00010100L) return "UCS-2";
        if (id == 0x00010106L) return "UCS-4";
        if (id == 0x00010020L) return "ISO-646";
        return Hex.padded(id);
    }

    private static String name(String[] names, long v) {
        return v >= 0 && v < names.length ? names[(int) v] : Long.toString(v);
    }

}
