package io.wireanalyze.workloads;

/**
 * A GIOP/IIOP version, as written in a {@code corbaloc} URL. The version in the corbaloc of the naming
 * service is the one of the naming traffic: CORBA 3.0 section 13.6.10.3 (corbaloc), "iiop_prot_addr";
 * a corbaloc without a version means IIOP 1.0.
 */
@Choice("GIOP version")
public enum GiopVersion {
    V1_0(0), V1_1(1), V1_2(2);

    private final int minor;

    GiopVersion(int minor) {
        this.minor = minor;
    }

    public int major() {
        return 1;
    }

    public int minor() {
        return minor;
    }

    /** {@code 1.0}, {@code 1.1} or {@code 1.2}. */
    public String text() {
        return "1." + minor;
    }

    /** {@code corbaloc:iiop:1.2@127.0.0.1:1050/NameService}: the version is always written out. */
    public String corbaloc(HostPort at, String objectKey) {
        return "corbaloc:iiop:" + text() + "@" + at + "/" + objectKey;
    }

    @Override
    public String toString() {
        return text();
    }
}
