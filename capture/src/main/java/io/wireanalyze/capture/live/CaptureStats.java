package io.wireanalyze.capture.live;

/**
 * libpcap's counters at the end of a live capture (pcap_stats(3PCAP)).
 *
 * @param received           packets that passed the filter (ps_recv; on Linux this includes those dropped, and on
 *                           "lo" counts each packet twice, as the kernel also reports the outgoing copy that
 *                           libpcap discards)
 * @param dropped            packets dropped because the capture buffer was full (ps_drop)
 * @param droppedByInterface packets dropped by the network interface or its driver (ps_ifdrop)
 */
public record CaptureStats(long received, long dropped, long droppedByInterface) {

    /** The counters of a capture that never started. */
    public static final CaptureStats NONE = new CaptureStats(0, 0, 0);

    public CaptureStats {
        if (received < 0 || dropped < 0 || droppedByInterface < 0) {
            throw new IllegalArgumentException("capture counters " + received + "/" + dropped + "/" + droppedByInterface
                    + " (expected: all >= 0)");
        }
    }

    /** Whether libpcap or the interface lost any packet, so the capture file is incomplete. */
    public boolean lostAny() {
        return dropped > 0 || droppedByInterface > 0;
    }
}
