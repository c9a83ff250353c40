package io.wireanalyze.capture;

import io.wireanalyze.frame.FrameSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CaptureFilesTest {

    @TempDir
    Path tmp;

    @Test
    void opensClassicPcapWithThePcapReader() throws IOException {
        Path file = SharedCaptures.file("ndpi-jrmi.pcap");
        assertEquals(CaptureFormat.PCAP, CaptureFormat.detect(file));
        try (FrameSource source = CaptureFiles.open(file)) {
            assertInstanceOf(PcapFileSource.class, source);
            assertEquals(file.toString(), source.name());
            assertEquals(19, PcapFileSourceTest.readAll(source).size());
        }
    }

    @Test
    void opensPcapngWithThePcapngReader() throws IOException {
        Path file = TestCaptures.resource("pcapng/ndpi-jrmi.pcapng");
        assertEquals(CaptureFormat.PCAPNG, CaptureFormat.detect(file));
        try (FrameSource source = CaptureFiles.open(file)) {
            assertInstanceOf(PcapngFileSource.class, source);
            assertEquals(file.toString(), source.name());
            assertEquals(19, PcapFileSourceTest.readAll(source).size());
            assertNull(source.stopReason());
        }
    }

    @Test
    void rejectsTextNamingTheFileAndTheMagicFound() throws IOException {
        Path file = Files.writeString(tmp.resolve("request.txt"), "GET / HTTP/1.1\r\nHost: x\r\n\r\n", StandardCharsets.US_ASCII);
        IOException e = assertThrows(IOException.class, () -> CaptureFiles.open(file));
        assertEquals(file + ": not a capture file: magic 0x47455420 at byte offset 0 (expected: pcap 0xa1b2c3d4 or"
                + " 0xa1b23c4d in either byte order, or pcapng 0x0a0d0d0a)", e.getMessage());
    }

    @Test
    void rejectsTextThroughThePcapReaderToo() throws IOException {
        Path file = Files.writeString(tmp.resolve("long.txt"), "this is a text file, not a capture of anything");
        IOException e = assertThrows(IOException.class, () -> PcapFileSource.open(file));
        assertEquals(file + ": not a pcap file: pcap magic at byte offset 0: 0x74686973 (expected: 0xa1b2c3d4 or"
                + " 0xa1b23c4d, in either byte order)", e.getMessage());
    }

    @Test
    void saysWhenAFileIsGzipCompressed() throws IOException {
        Path file = Files.write(tmp.resolve("x.pcap.gz"), new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0});
        IOException e = assertThrows(IOException.class, () -> CaptureFiles.open(file));
        assertEquals(file + ": not a capture file: magic 0x1f8b0800 at byte offset 0 is gzip-compressed data:"
                + " decompress it first", e.getMessage());
    }

    @Test
    void rejectsAnEmptyFileNamingIt() throws IOException {
        Path file = Files.write(tmp.resolve("empty.pcap"), new byte[0]);
        IOException e = assertThrows(IOException.class, () -> CaptureFiles.open(file));
        assertEquals(file + ": empty file (0 bytes; expected: a pcap or pcapng capture)", e.getMessage());
    }

    @Test
    void rejectsAFileShorterThanAMagicNumber() throws IOException {
        Path file = Files.write(tmp.resolve("three.pcap"), new byte[] {(byte) 0xd4, (byte) 0xc3, (byte) 0xb2});
        IOException e = assertThrows(IOException.class, () -> CaptureFiles.open(file));
        assertEquals(file + ": too short for a capture file: 3 bytes (expected: at least 24, the pcap file header)",
                e.getMessage());
    }

    @Test
    void rejectsAPcapCutInsideItsFileHeader() throws IOException {
        byte[] raw = Files.readAllBytes(SharedCaptures.file("ndpi-jrmi.pcap"));
        Path file = Files.write(tmp.resolve("cut-header.pcap"), Arrays.copyOf(raw, 20));
        IOException e = assertThrows(IOException.class, () -> CaptureFiles.open(file));
        assertEquals(file + ": too short for a capture file: 20 bytes (expected: at least 24, the pcap file header)",
                e.getMessage());
    }

    @Test
    void rejectsAnUnknownPcapVersion() throws IOException {
        byte[] raw = Files.readAllBytes(SharedCaptures.file("ndpi-jrmi.pcap"));
        raw[4] = 1;                                                    // version_major, little-endian
        Path file = Files.write(tmp.resolve("v1.pcap"), raw);
        IOException e = assertThrows(IOException.class, () -> CaptureFiles.open(file));
        assertEquals(file + ": not a pcap file: pcap version at byte offset 4: 1.4 (expected: 2.x)", e.getMessage());
    }

    @Test
    void recognisesAllFourPcapMagicsAndPcapng() {
        assertEquals(Optional.of(CaptureFormat.PCAP), CaptureFormat.of(0xA1B2C3D4));
        assertEquals(Optional.of(CaptureFormat.PCAP), CaptureFormat.of(0xD4C3B2A1));
        assertEquals(Optional.of(CaptureFormat.PCAP), CaptureFormat.of(0xA1B23C4D));
        assertEquals(Optional.of(CaptureFormat.PCAP), CaptureFormat.of(0x4D3CB2A1));
        assertEquals(Optional.of(CaptureFormat.PCAPNG), CaptureFormat.of(0x0A0D0D0A));
        assertEquals(Optional.empty(), CaptureFormat.of(0xA1B2CD34));
    }
}
