package io.wireanalyze.capture;

import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Several capture files read as one capture: a sensor's ring buffer of rotated files ({@code tcpdump -C 100 -W 500},
 * {@code dumpcap -b filesize:...}) or captures of one system made on several hosts. Frames come in time order across
 * the files (a k-way merge; on equal times, the file named first goes first, and a file's own order is kept), numbered
 * anew from 1, so a connection that goes on from one rotated file into the next is one connection. The files are
 * taken as one sensor's: a frame keeps its file's interface number, so a packet and its copy (a tap's, or the same
 * packet captured on two hosts) are counted once wherever the files cut them. Damage that ends one file's readable
 * part ends that file only; {@link #stopReason()} names it.
 */
public final class MergedSource implements FrameSource {

    private final List<Path> files;
    private final List<FrameSource> sources = new ArrayList<>();
    private final Frame[] heads;
    private long number;

    private MergedSource(List<Path> files) {
        this.files = List.copyOf(files);
        this.heads = new Frame[files.size()];
    }

    /** Opens every file (a capture of any supported format; see {@link CaptureFiles}); none is read yet. */
    public static MergedSource open(List<Path> files) throws IOException {
        if (files.isEmpty()) throw new IOException("no capture files to merge");
        MergedSource m = new MergedSource(files);
        try {
            for (Path f : files) m.sources.add(CaptureFiles.open(f));
            for (int i = 0; i < m.heads.length; i++) m.heads[i] = m.sources.get(i).next();
        } catch (IOException | RuntimeException e) {
            m.close();
            throw e;
        }
        return m;
    }

    /**
     * The capture files {@code paths} name, in the order given, a folder standing for the files in it in name order
     * (not its sub-folders). A folder without files is an error that names it.
     */
    public static List<Path> expand(List<Path> paths) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path p : paths) {
            if (!Files.isDirectory(p)) {
                out.add(p);
                continue;
            }
            try (Stream<Path> s = Files.list(p)) {
                List<Path> inside = s.filter(Files::isRegularFile).sorted().toList();
                if (inside.isEmpty()) throw new IOException(p + ": a folder without capture files");
                out.addAll(inside);
            }
        }
        return out;
    }

    @Override
    public Frame next() throws IOException {
        int first = -1;
        for (int i = 0; i < heads.length; i++) {
            if (heads[i] != null && (first < 0 || heads[i].timestampNanos() < heads[first].timestampNanos())) first = i;
        }
        if (first < 0) return null;
        Frame f = heads[first];
        heads[first] = sources.get(first).next();
        return new Frame(++number, f.timestampNanos(), f.link(), f.rawLinkType(), f.bytes(), f.originalLength(), f.interfaceIndex());
    }

    @Override
    public String name() {
        return files.size() == 1 ? files.get(0).toString() : files.get(0) + " and " + (files.size() - 1) + " more merged";
    }

    /** Each file whose reading stopped early, with the reason. */
    @Override
    public String stopReason() {
        List<String> reasons = new ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {
            String r = sources.get(i).stopReason();
            if (r != null) reasons.add(files.get(i) + ": " + r);
        }
        return reasons.isEmpty() ? null : String.join("; ", reasons);
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (FrameSource s : sources) {
            try {
                s.close();
            } catch (IOException e) {
                if (first == null) first = e;
            }
        }
        if (first != null) throw first;
    }
}
