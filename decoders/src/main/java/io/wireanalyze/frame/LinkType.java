package io.wireanalyze.frame;

/**
 * Link-layer header types, numbered as in the tcpdump.org LINKTYPE_ registry (the values written in
 * pcap file headers and pcapng interface description blocks).
 */
public enum LinkType {
    /** LINKTYPE_NULL 0: BSD loopback, a 4-byte protocol family in host byte order. */
    NULL(0),
    /** LINKTYPE_ETHERNET 1: IEEE 802.3 Ethernet. */
    ETHERNET(1),
    /** LINKTYPE_RAW 101: raw IPv4 or IPv6, version from the first nibble. */
    RAW(101),
    /** LINKTYPE_LOOP 108: OpenBSD loopback, a 4-byte protocol family in network byte order. */
    LOOP(108),
    /** LINKTYPE_LINUX_SLL 113: Linux "cooked" capture v1 (tcpdump -i any, older libpcap). */
    LINUX_SLL(113),
    /** LINKTYPE_IPV4 228: raw IPv4. */
    IPV4(228),
    /** LINKTYPE_IPV6 229: raw IPv6. */
    IPV6(229),
    /** LINKTYPE_LINUX_SLL2 276: Linux "cooked" capture v2 (tcpdump -i any, libpcap 1.10 and later). */
    LINUX_SLL2(276),
    /** Any other value: frames are kept and counted, not decoded. */
    UNKNOWN(-1);

    private final int number;

    LinkType(int number) {
        this.number = number;
    }

    /** The LINKTYPE_ number. */
    public int number() {
        return number;
    }

    /** The link type for a LINKTYPE_ number; {@link #UNKNOWN} for a number this tool does not decode. */
    public static LinkType of(int number) {
        for (LinkType t : values()) {
            if (t.number == number) return t;
        }
        return UNKNOWN;
    }
}
