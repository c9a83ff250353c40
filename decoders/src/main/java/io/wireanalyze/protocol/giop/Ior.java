package io.wireanalyze.protocol.giop;

/**
 * An interoperable object reference (CORBA 3.0 chapter 13.6.2, IOP::IOR): the type id and what its first
 * internet profile says. Only scalars are kept: the object key as hex.
 *
 * @param typeId    the repository id of the most derived interface ("" for a nil reference's empty type)
 * @param host      the first TAG_INTERNET_IOP (or TAG_UIPMC) profile's host, or null
 * @param port      its port, or -1
 * @param objectKey that profile's object key, or null
 * @param profiles  how many tagged profiles the reference has
 */
record Ior(String typeId, String host, int port, ObjectKey objectKey, int profiles) {

    /** "type @ host:port", for the report. */
    String describe() {
        String t = typeId.isEmpty() ? "(no type id)" : typeId;
        return endpoint() == null ? t : t + " @ " + endpoint();
    }

    String endpoint() {
        return host == null ? null : host + ":" + port;
    }

    /** IOP::IOR: string type_id, sequence&lt;TaggedProfile&gt; profiles. Null when {@code r} failed. */
    static Ior read(CdrReader r) {
        String typeId = r.string("giop.typeid");
        int n = r.count("giop.profiles", 8);
        Ior found = new Ior(typeId, null, -1, null, n);
        for (int i = 0; i < n && r.ok(); i++) {
            Ior p = profile(r, typeId, n);
            if (found.host() == null && p != null) found = p;
        }
        return r.ok() ? found : null;
    }

    /**
     * IOP::TaggedProfile: ulong tag, then the profile as an encapsulation. TAG_INTERNET_IOP (IIOP::ProfileBody,
     * chapter 15.7.2): version, string host, ushort port, sequence&lt;octet&gt; object_key (components are skipped);
     * TAG_UIPMC (MIOP's group profile) starts with the same version, host and port. Null for other tags.
     */
    static Ior profile(CdrReader r, String typeId, int profiles) {
        long tag = r.ulong("giop.profile_id");
        if (tag != GiopNames.TAG_INTERNET_IOP && tag != GiopNames.TAG_UIPMC) {
            r.octets("giop.profile_data");
            return null;
        }
        CdrReader e = r.encapsulation("giop.profile_data");
        if (e == null) return null;
        e.octet("giop.iiop_vmaj");
        e.octet("giop.iiop_vmin");
        String host = e.string("giop.iiop.host");
        int port = e.ushort("giop.iiop.port");
        ObjectKey key = null;
        if (tag == GiopNames.TAG_INTERNET_IOP) {
            CdrReader.Octets k = e.octets("giop.iiop.objkey");
            if (e.ok()) key = ObjectKey.of(e.buffer(), k);
        }
        if (!e.ok()) return null;   // a profile that does not parse leaves the reference without an endpoint
        return new Ior(typeId, host, port, key, profiles);
    }
}
