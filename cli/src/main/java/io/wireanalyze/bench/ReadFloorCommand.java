package io.wireanalyze.bench;

import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.frame.PacketParser;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * The read floor: what it costs just to read a capture. Reads every frame as analyze does (CaptureFiles, then
 * PacketParser) and counts them; analyze can hardly be faster than this in the same JVM.
 */
@Command(name = "read-floor", hidden = true, mixinStandardHelpOptions = true,
        description = "Read every frame of a capture and find its TCP segment, nothing more; print the counts. The floor analyze is measured against.")
final class ReadFloorCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", description = "Capture file.")
    Path file;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(file)) throw new java.io.IOException(file + ": no such file");
        long frames = 0, tcp = 0, bytes = 0, payload = 0;
        try (FrameSource source = CaptureFiles.open(file)) {
            for (Frame f = source.next(); f != null; f = source.next()) {
                frames++;
                bytes += f.capturedLength();
                PacketParser.Result r = PacketParser.parse(f);
                if (r.kind() == PacketParser.Kind.TCP) {
                    tcp++;
                    payload += r.segment().payloadLength();
                }
            }
            if (source.stopReason() != null) spec.commandLine().getErr().println("wireanalyze: " + file + ": " + source.stopReason());
        }
        spec.commandLine().getOut().printf("%d frames, %d TCP segments, %d captured bytes, %d TCP payload bytes%n", frames, tcp, bytes, payload);
        return 0;
    }
}
