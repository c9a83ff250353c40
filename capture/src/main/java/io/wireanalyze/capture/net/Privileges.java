package io.wireanalyze.capture.net;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** This process's effective capabilities (proc(5): CapEff in /proc/self/status). */
public final class Privileges {
    /** capabilities(7): CAP_NET_ADMIN, to make namespaces, links and qdiscs. */
    static final int CAP_NET_ADMIN = 12;
    /** capabilities(7): CAP_NET_RAW, to capture. */
    static final int CAP_NET_RAW = 13;

    private Privileges() {
    }

    /** True when this process may create network namespaces, veth pairs and qdiscs. */
    public static boolean mayAdministerNetworks() {
        return has(CAP_NET_ADMIN);
    }

    /** True when this process may open raw sockets, which live capture needs. */
    public static boolean mayCapture() {
        return has(CAP_NET_RAW);
    }

    private static boolean has(int capability) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("CapEff:")) return (Long.parseUnsignedLong(line.substring(7).strip(), 16) >>> capability & 1) == 1;
            }
        } catch (IOException | NumberFormatException e) {
            return false;
        }
        return false;
    }
}
