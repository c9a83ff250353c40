package io.wireanalyze.capture;

import io.wireanalyze.codec.Hex;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/** Capture file formats, recognised by the magic number in a file's first four bytes. */
public enum CaptureFormat {
    /** Classic libpcap format: magic 0xA1B2C3D4 or 0xA1B23C4D in either byte order. */
    PCAP,
    /** pcapng: the file starts with a Section Header Block, block type 0x0A0D0D0A (draft-ietf-opsawg-pcapng 4.1). */
    PCAPNG;

    /** pcapng Section Header Block type; a palindrome, so the same in both byte orders. */
    static final int PCAPNG_SECTION_HEADER_BLOCK = 0x0A0D_0D0A;
    /** Alexey Kuznetzov's "modified" pcap (an old Linux patch), in either byte order. */
    static final int MODIFIED_PCAP_MAGIC = 0xA1B2_CD34;
    /** RFC 1952 section 2.3.1: ID1 0x1f, ID2 0x8b. */
    static final int GZIP_MAGIC = 0x1F8B;
    static final int MAGIC_LENGTH = 4;

    /** The format whose magic number these are, read big-endian from the first four bytes of a file. */
    public static Optional<CaptureFormat> of(int firstFourBytesBigEndian) {
        if (firstFourBytesBigEndian == PCAPNG_SECTION_HEADER_BLOCK) return Optional.of(PCAPNG);
        if (PcapHeader.magic(firstFourBytesBigEndian).isPresent()) return Optional.of(PCAP);
        return Optional.empty();
    }

    /**
     * The format of a capture file.
     *
     * @throws IOException when the file cannot be read, is empty or too short, or starts with no known
     *                     magic number; the message names the file and what was found
     */
    public static CaptureFormat detect(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size < MAGIC_LENGTH) {
                throw new IOException(tooShort(file, size));
            }
            int magic = channel.map(FileChannel.MapMode.READ_ONLY, 0, MAGIC_LENGTH).getInt(0);
            return of(magic).orElseThrow(() -> new IOException(file + ": not a capture file: " + describe(magic)));
        }
    }

    static String tooShort(Path file, long size) {
        if (size == 0) return file + ": empty file (0 bytes; expected: a pcap or pcapng capture)";
        return file + ": too short for a capture file: " + size + " bytes (expected: at least "
                + PcapHeader.LENGTH + ", the pcap file header)";
    }

    private static String describe(int magic) {
        String found = "magic " + Hex.padded(magic) + " at byte offset 0";
        if (magic == MODIFIED_PCAP_MAGIC || Integer.reverseBytes(magic) == MODIFIED_PCAP_MAGIC) {
            return found + " is \"modified\" (Kuznetzov) pcap, which is not supported: convert it with `editcap -F pcap IN OUT`";
        }
        if (magic >>> 16 == GZIP_MAGIC) {
            return found + " is gzip-compressed data: decompress it first";
        }
        return found + " (expected: pcap 0xa1b2c3d4 or 0xa1b23c4d in either byte order, or pcapng 0x0a0d0d0a)";
    }
}
