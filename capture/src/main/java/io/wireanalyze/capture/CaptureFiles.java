package io.wireanalyze.capture;

import io.wireanalyze.frame.FrameSource;

import java.io.IOException;
import java.nio.file.Path;

/** The one entry point for reading capture files: recognises the format and returns its reader. */
public final class CaptureFiles {

    private CaptureFiles() {}

    /**
     * Opens a capture file of any supported format.
     *
     * @throws IOException when the file cannot be read or is no capture this tool reads; the message
     *                     names the file and says what was found (e.g. "pcapng is not supported yet")
     */
    public static FrameSource open(Path file) throws IOException {
        return switch (CaptureFormat.detect(file)) {
            case PCAP -> PcapFileSource.open(file);
            case PCAPNG -> throw new IOException(file + ": pcapng is not supported yet (section header block "
                    + PcapHeader.hex(CaptureFormat.PCAPNG_SECTION_HEADER_BLOCK) + " at byte offset 0): convert it with "
                    + "`editcap -F pcap " + file + " OUT.pcap`");
        };
    }
}
