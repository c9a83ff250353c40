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
     *                     names the file and says what was found
     */
    public static FrameSource open(Path file) throws IOException {
        return switch (CaptureFormat.detect(file)) {
            case PCAP -> PcapFileSource.open(file);
            case PCAPNG -> PcapngFileSource.open(file);
        };
    }
}
