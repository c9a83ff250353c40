package io.wireanalyze.capture.live;

import org.pcap4j.core.PcapNativeException;

import java.util.List;
import java.util.Locale;

/** Turns what pcap4j and libpcap report into one-line {@link CaptureException}s that say how to fix it. */
final class PcapFailures {

    static final String LIBPCAP_MISSING = "libpcap is not installed: run `apt-get install libpcap0.8` (as root)";
    /** pcap_activate(3PCAP) PCAP_ERROR_PERM_DENIED. */
    static final int PCAP_ERROR_PERM_DENIED = -8;
    /** pcap_activate(3PCAP) PCAP_ERROR_NO_SUCH_DEVICE. */
    static final int PCAP_ERROR_NO_SUCH_DEVICE = -5;

    /** pcap_set_tstamp_precision(3PCAP) PCAP_ERROR_TSTAMP_PRECISION_NOTSUP. */
    static final int PCAP_ERROR_TSTAMP_PRECISION_NOTSUP = -12;

    private PcapFailures() {}

    /** pcap4j's NativeMappings failed to load libpcap (UnsatisfiedLinkError, then NoClassDefFoundError). */
    static CaptureException libpcapMissing(LinkageError e) {
        return new CaptureException(LIBPCAP_MISSING, e);
    }

    static CaptureException noPermission(String interfaceName, Throwable cause) {
        return new CaptureException("no permission to capture on " + interfaceName
                + ": run as root (sudo ./wireanalyze capture ...)", cause);
    }

    static CaptureException noSuchInterface(String interfaceName, List<String> available, Throwable cause) {
        String list = available.isEmpty() ? "none found" : String.join(", ", available);
        return new CaptureException("no interface named " + interfaceName + ": available interfaces: " + list, cause);
    }

    /** A failure to open and activate the capture handle. */
    static CaptureException opening(PcapNativeException e, String interfaceName, List<String> available) {
        if (isPermissionDenied(e)) return noPermission(interfaceName, e);
        if (isNoSuchDevice(e)) return noSuchInterface(interfaceName, available, e);
        return new CaptureException("cannot capture on " + interfaceName + ": " + oneLine(e.getMessage()), e);
    }

    static boolean isPermissionDenied(PcapNativeException e) {
        String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        return Integer.valueOf(PCAP_ERROR_PERM_DENIED).equals(e.getReturnCode())
                || m.contains("operation not permitted") || m.contains("you don't have permission");
    }

    static boolean isNoSuchDevice(PcapNativeException e) {
        String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        return Integer.valueOf(PCAP_ERROR_NO_SUCH_DEVICE).equals(e.getReturnCode())
                || m.contains("no such device");
    }

    /** libpcap cannot give nanosecond timestamps here, or pcap4j found no pcap_set_tstamp_precision. */
    static boolean isPrecisionUnsupported(PcapNativeException e) {
        return Integer.valueOf(PCAP_ERROR_TSTAMP_PRECISION_NOTSUP).equals(e.getReturnCode())
                || String.valueOf(e.getMessage()).contains("pcap_set_tstamp_precision");
    }

    static String oneLine(String message) {
        return message == null ? "(no message)" : message.strip().replaceAll("\\s*\\R\\s*", "; ");
    }
}
