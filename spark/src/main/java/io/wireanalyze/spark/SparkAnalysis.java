package io.wireanalyze.spark;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.Analyzer;
import io.wireanalyze.accounting.ClusterAnalysis;
import io.wireanalyze.cli.ClusterEngine;
import io.wireanalyze.cli.OptionsRecipe;
import io.wireanalyze.console.Progress;
import io.wireanalyze.frame.Frame;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.stream.IntStream;

/**
 * {@code analyze --engine spark}: the engine's split analysis ({@link ClusterAnalysis}) as an Apache Spark job.
 * <ol>
 * <li>One task per capture file reads its first frame: the driver gets each file's first time.</li>
 * <li>The driver reads the headers of all files in time order, as {@code analyze --merge} reads the frames (on equal
 * times the file named first goes first). A file's task frames it and sends its frames' headers (about 90 bytes a
 * frame) when the pass comes near the file, the next few files' while the pass goes through the ones before them, so
 * the framing and the pass overlap. The pass numbers the frames:
 * the capture's counts and copies, and for every TCP packet counted its frame number, TCP index and elapsed time (about
 * 10 bytes a packet), sent back to its file's task.</li>
 * <li>The files' tasks read their packets again and send them, with their figures, to the parts of their connections,
 * in runs of a part's consecutive packets (a MiB each): a shuffle keyed by part and a run's first TCP index, sorted
 * within each part ({@code repartitionAndSortWithinPartitions}); a part's task merges its runs into capture order.</li>
 * <li>A task per part analyses its connections; its result (bytes) stays on its executor's disk. The driver fetches
 * the results a few parts at a time and settles them, writing each part's records to a file of its own as it comes, so
 * it holds the parts' facts and figures but never all their records. When the facts ask for another round, the parts
 * run again on the shuffled packets, kept by Spark, with the facts broadcast.</li>
 * </ol>
 * Spark schedules, shuffles and ships; this class only says what each step is. The result is the same, byte for byte,
 * as {@code analyze --merge} of the same files.
 */
public final class SparkAnalysis implements ClusterEngine {

    /** A part in a shuffle key's top bits, the TCP index (below 2^40) in the rest. */
    static final int INDEX_BITS = 40;

    @Override
    public AnalysisResult analyze(List<String> files, List<String> names, OptionsRecipe recipe, String master, Path parquetDir, Progress progress)
            throws IOException {
        // A session already running in this JVM (a notebook's, a test's, spark-submit's once made) is used as it is.
        SparkSession running = master == null ? SparkSession.getDefaultSession().getOrElse(() -> null) : null;
        // Else a session only to write Parquet: Spark's SQL session took 0.7 to 0.9 s longer to start than its context.
        SparkSession made = running == null && parquetDir != null ? SparkSession.builder().config(conf(master)).getOrCreate() : null;
        SparkSession spark = running != null ? running : made;
        SparkContext context = spark != null ? spark.sparkContext() : SparkContext.getOrCreate(conf(master));
        progress.say("spark: " + files.size() + " file(s) on " + context.master() + " (Spark " + context.version() + ")");
        try {
            JavaSparkContext sc = JavaSparkContext.fromSparkContext(context);
            AnalysisResult result = run(sc, files, names, recipe, parts(sc), progress);
            if (parquetDir != null) Parquet.write(spark, result, parquetDir, progress);
            return result;
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            // A task's failure comes back as a SparkException (undeclared, from Scala): its root cause says what it was.
            throw new IOException("the Spark job failed: " + rootMessage(e), e);
        } finally {
            if (made != null) made.stop();
            else if (running == null) context.stop();
        }
    }

    /** The job's Spark settings: quiet, results of any size to the driver, Kryo without reference tracking, Parquet in zstd; a master when given. */
    public static SparkConf conf(String master) {
        SparkConf conf = new SparkConf().setAppName("wireanalyze")
                .setIfMissing("spark.ui.enabled", "false")
                .setIfMissing("spark.ui.showConsoleProgress", "false")
                .setIfMissing("spark.driver.maxResultSize", "0")
                .setIfMissing("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
                // What Kryo carries here has no shared or circular references (a packet's key and bytes, a file's
                // headers, a part's result, the facts): without tracking them it does not clear its table of objects
                // seen after each record, 2% of the executors' samples.
                .setIfMissing("spark.kryo.referenceTracking", "false")
                .setIfMissing("spark.sql.parquet.compression.codec", "zstd");
        if (master != null) conf.setMaster(master);
        else if (!conf.contains("spark.master")) conf.setMaster("local[*]");
        // A cluster's executors load our classes from the job's jar, which the build writes beside this module's.
        if (!conf.get("spark.master").startsWith("local") && !conf.contains("spark.jars")) {
            try {
                Path here = Path.of(SparkAnalysis.class.getProtectionDomain().getCodeSource().getLocation().toURI());
                Path job = here.resolveSibling("wireanalyze-spark-job.jar");
                if (java.nio.file.Files.isRegularFile(job) && !here.equals(job)) conf.set("spark.jars", job.toString());
            } catch (java.net.URISyntaxException | RuntimeException e) {
                // Submitted with spark-submit: its jar is the job's, shipped by Spark.
            }
        }
        return conf;
    }

    /** Parts a core: each part's task holds its packets while Spark sorts them, so smaller parts keep the heap small. */
    static final int PARTS_PER_CORE = 4;

    /**
     * How many parts the connections go to: {@code spark.default.parallelism} when it is set, else {@link
     * #PARTS_PER_CORE} for each of the cores Spark has. A part's task sorts its packets in memory (spilling past
     * Spark's bound), and with one part a core the sort buffers of the two parts on 2 cores held the whole capture in
     * the heap while the analysis ran: the collector copied them from one young collection to the next. Eight parts
     * there took 19.3 to 19.7 s against 21.0 to 24.0 s (docs/benchmark.md, ninth stop).
     */
    static int parts(JavaSparkContext sc) {
        if (sc.getConf().contains("spark.default.parallelism")) return Math.max(1, sc.defaultParallelism());
        return Math.max(1, sc.defaultParallelism()) * PARTS_PER_CORE;
    }

    /** The job on a running context: {@code parts} tasks analyse the connections. */
    static AnalysisResult run(JavaSparkContext sc, List<String> files, List<String> shown, OptionsRecipe recipe, int parts,
                              Progress progress)
            throws IOException {
        AnalysisOptions options = recipe.options();
        int n = files.size();
        List<String> names = List.copyOf(files);

        // 1. Every file's first frame's time, a task a file reading no further; the driver settles the files' order on it.
        // A file's headers are made by its task when the driver's pass (2) comes near the file, the next files' while the
        // pass goes through the ones before them: the pass and the framing overlap, and no headers are stored.
        JavaRDD<Integer> fileIds = sc.parallelize(IntStream.range(0, n).boxed().toList(), n);
        JavaRDD<FileTasks.Headers> headers = fileIds.map(i -> FileTasks.headers(i, names.get(i), recipe));
        List<FileTasks.Summary> summaries = new ArrayList<>(fileIds.map(i -> FileTasks.summary(i, names.get(i))).collect());
        summaries.sort((a, b) -> Integer.compare(a.file(), b.file()));
        for (FileTasks.Summary h : summaries) if (h.error() != null) throw new IOException(h.error());
        ClusterAnalysis.Driver driver = new ClusterAnalysis.Driver(options);
        List<FileTasks.Figures> figures = new ArrayList<>();
        for (int i = 0; i < n; i++) figures.add(new FileTasks.Figures(i, names.get(i)));
        List<Tuple2<Long, byte[]>> reassembled = new ArrayList<>();
        // How the reading of each file the pass went through ended; a file without frames says it in its summary.
        String[] stops = new String[n];
        for (FileTasks.Summary h : summaries) stops[h.file()] = h.stopReason();

        // 2. The pass over the headers, in time order across the files, fetching a file's when the pass comes to it.
        long frames = merge(headers, summaries, driver, figures, reassembled, parts, stops);
        String stopReason = stopReason(stops, shown);
        // Named as analyze --merge names them.
        String source = n == 1 ? shown.get(0) : shown.get(0) + " and " + (n - 1) + " more merged";
        long held = figures.stream().mapToLong(FileTasks.Figures::bytes).sum();
        progress.say("spark: " + frames + " frames' headers read in time order; " + driver.tcpPackets() + " TCP packets go to "
                + parts + " parts by connection (their figures: " + (held + 1023) / 1024 + " KiB)");

        // 3. The packets, with their figures, shuffled to their parts in runs, sorted there by their first TCP index.
        JavaPairRDD<Long, byte[]> packets = sc.parallelize(figures, n)
                .flatMapToPair(f -> FileTasks.packets(f, parts))
                .union(sc.parallelizePairs(reassembled, 1))
                .repartitionAndSortWithinPartitions(new PartPartitioner(parts));
        // Not persisted: a round reads the shuffle's files, which Spark keeps for the job's life, so another round (rare)
        // reads and sorts them again rather than every run holding all the packets in the heap for it.
        // 4. A task per part; the driver settles the parts, another round when the facts ask for it.
        byte[] round = ClusterAnalysis.firstRound();
        long start = driver.captureStartNanos();
        for (int r = 1; ; r++) {
            Broadcast<byte[]> facts = sc.broadcast(round);
            // The parts' results stay on the executors' disks; the driver fetches them a few at a time as it
            // settles, writing each one's records to a file of its own, so it never holds all the results at once.
            JavaRDD<byte[]> results = packets.mapPartitions(it -> {
                ClusterAnalysis.Task task = new ClusterAnalysis.Task(FileTasks.options(recipe), Analyzer.RECORDS_IN_MEMORY, facts.value(), start);
                for (Iterator<FileTasks.Packet> in = FileTasks.inOrder(it); in.hasNext(); ) {
                    FileTasks.Packet packet = in.next();
                    task.accept(packet.frame(), packet.tcpIndex(), packet.elapsed(), packet.clock());
                }
                return List.of(task.finish()).iterator();
            }, true);
            results.persist(StorageLevel.DISK_ONLY());
            // Several parts' records go each to a file of its own as they are fetched, read from there as the reports
            // are written and deleted when the result is closed; one part's records are the result's, read as the
            // reports are written: its bytes stay in memory.
            Path recordsDir = parts > 1 ? ClusterAnalysis.recordsDirectory() : null;
            ClusterAnalysis.Settled settled;
            try {
                long bytes = results.map(b -> (long) b.length).reduce(Long::sum);
                progress.say("spark: round " + r + ": " + parts + " parts analysed (" + bytes / 1024 + " KiB of results, fetched "
                        + FETCH + " at a time)");
                settled = driver.settle(parts, new Fetch(results, parts), recordsDir, source, stopReason, Analyzer.RECORDS_IN_MEMORY);
            } finally {
                results.unpersist(false);
                facts.destroy();
            }
            if (settled.nextRound() == null || r == Analyzer.MAX_ROUNDS) return settled.result();
            settled.result().close();
            round = settled.nextRound();
            progress.say("spark: facts settled on one part change how another decodes: round " + (r + 1));
        }
    }

    /**
     * Reads the files' headers in time order (a k-way merge: earliest first, on equal times the file named first), as
     * {@code MergedSource} reads frames; each counted TCP packet's figures go to its file's task. A file's headers are
     * made by its task and fetched when the merge reaches its first frame (with the next files to start, {@link #FETCH}
     * at a time), and dropped when it has passed their last: rotated files are framed a few at a time. While the pass
     * goes through a batch, a job of its own frames and fetches the next one, so the driver holds at most two batches
     * and the executors frame while it reads. A fetched file's error is the pass's; its reading's end goes to {@code
     * stops}. Returns the frames.
     */
    private static long merge(JavaRDD<FileTasks.Headers> headers, List<FileTasks.Summary> summaries, ClusterAnalysis.Driver driver,
                              List<FileTasks.Figures> figures, List<Tuple2<Long, byte[]>> reassembled, int parts, String[] stops)
            throws IOException {
        // A file in the merge: its next header, or (in == null) the first frame's time of a file not fetched yet.
        record Head(int file, long index, long nanos, ClusterAnalysis.Header header, ClusterAnalysis.HeaderReader in) {
        }
        Comparator<Head> order = Comparator.comparingLong(Head::nanos).thenComparingInt(Head::file);
        PriorityQueue<Head> heads = new PriorityQueue<>(order);
        for (FileTasks.Summary s : summaries) if (s.any()) heads.add(new Head(s.file(), 0, s.firstNanos(), null, null));
        long number = 0;
        // The next files' headers, fetched in a job of their own while the pass goes through the files before them.
        Fetching next = null;
        try {
            while (!heads.isEmpty()) {
                Head h = heads.poll();
                if (h.in() == null) {
                    // The merge has come to a file not fetched yet: take it and the next ones to start, fetched ahead or now.
                    List<Head> start = new ArrayList<>(List.of(h));
                    List<Head> later = new ArrayList<>(heads.stream().filter(x -> x.in() == null).sorted(order).limit(FETCH - 1).toList());
                    heads.removeAll(later);
                    start.addAll(later);
                    int[] files = start.stream().mapToInt(Head::file).toArray();
                    // What was fetched ahead is these files: the files not fetched yet keep their places in the queue.
                    if (next != null && !Arrays.equals(next.files(), files))
                        throw new IllegalStateException("fetched ahead the headers of files " + Arrays.toString(next.files()) + ", not " + Arrays.toString(files));
                    List<FileTasks.Headers>[] fetched = next != null ? next.get() : headers.collectPartitions(files);
                    next = null;
                    for (List<FileTasks.Headers> p : fetched) {
                        for (FileTasks.Headers f : p) {
                            Head expected = start.stream().filter(x -> x.file() == f.file).findFirst()   // file i is partition i, by parallelize
                                    .orElseThrow(() -> new IllegalStateException("asked for the headers of files " + Arrays.toString(files) + ", got " + f.file));
                            if (f.error != null) throw new IOException(f.error);
                            stops[f.file] = f.stopReason;
                            ClusterAnalysis.HeaderReader in = new ClusterAnalysis.HeaderReader(f.bytes);
                            ClusterAnalysis.Header first = in.next();
                            if (first == null || first.timestampNanos() != expected.nanos())
                                throw new IOException(f.name + ": its first frame is not the one read before (the file changed during the job)");
                            heads.add(new Head(f.file, 0, first.timestampNanos(), first, in));
                        }
                    }
                    int[] ahead = heads.stream().filter(x -> x.in() == null).sorted(order).limit(FETCH).mapToInt(Head::file).toArray();
                    if (ahead.length > 0) next = Fetching.start(headers, ahead);
                    continue;
                }
                // This file's frames go on, without the queue, until another file's next frame comes first (on equal times,
                // the file named first): a rotated file's run is the whole file.
                Head other = heads.peek();
                long index = h.index();
                for (ClusterAnalysis.Header header = h.header(); header != null; index++) {
                    number++;
                    if (driver.accept(header, number)) {
                        Frame whole = driver.reassembled();
                        if (whole != null) {
                            // A datagram reassembled from fragments: no file holds it whole, the driver sends it itself.
                            long key = (long) driver.part(parts) << INDEX_BITS | driver.tcpIndex();
                            reassembled.add(new Tuple2<>(key, FileTasks.Packet.run(whole, driver.tcpIndex(), driver.elapsed(), driver.clock())));
                        } else {
                            figures.get(h.file()).add(index, number, driver.part(parts), driver.tcpIndex(), driver.elapsed(), driver.clock());
                        }
                    }
                    header = h.in().next();
                    if (header != null && other != null && (header.timestampNanos() > other.nanos()
                            || header.timestampNanos() == other.nanos() && h.file() > other.file())) {
                        heads.add(new Head(h.file(), index + 1, header.timestampNanos(), header, h.in()));
                        break;
                    }
                }
            }
        } finally {
            if (next != null) next.ended();   // no job of ours outlives the pass
        }
        if (driver.tcpPackets() >= 1L << INDEX_BITS) throw new IOException("more than 2^40 TCP packets");
        return number;
    }

    /** The headers of some files, fetched by a job run from a thread of its own (Spark takes jobs from several threads). */
    private record Fetching(int[] files, java.util.concurrent.CompletableFuture<List<FileTasks.Headers>[]> job) {

        static Fetching start(JavaRDD<FileTasks.Headers> headers, int[] files) {
            return new Fetching(files, java.util.concurrent.CompletableFuture.supplyAsync(() -> headers.collectPartitions(files)));
        }

        /** Waits for the job to end, whatever its outcome (its headers are not needed). */
        void ended() {
            job.handle((headers, failure) -> null).join();
        }

        /** The fetched headers, once the job has ended; its failure as the pass's. */
        List<FileTasks.Headers>[] get() throws IOException {
            try {
                return job.join();
            } catch (java.util.concurrent.CompletionException e) {
                if (e.getCause() instanceof RuntimeException r) throw r;
                throw new IOException("fetching the headers of files " + Arrays.toString(files) + ": " + e.getCause(), e.getCause());
            }
        }
    }

    /** Files whose headers, or parts whose results, the driver fetches in one job. */
    static final int FETCH = 4;

    /**
     * The parts' results, fetched from Spark's storage {@link #FETCH} parts at a time as the settle step asks for them
     * in order; a part's bytes are dropped once handed over.
     */
    private static final class Fetch implements ClusterAnalysis.PartSource {
        private final JavaRDD<byte[]> results;
        private final int parts;
        private final java.util.Map<Integer, byte[]> fetched = new java.util.HashMap<>();

        Fetch(JavaRDD<byte[]> results, int parts) {
            this.results = results;
            this.parts = parts;
        }

        @Override
        public byte[] bytes(int part) throws IOException {
            if (!fetched.containsKey(part)) {
                int[] ask = IntStream.range(part, Math.min(parts, part + FETCH)).toArray();
                List<byte[]>[] got = results.collectPartitions(ask);
                for (int i = 0; i < ask.length; i++) {
                    if (got[i].size() != 1) throw new IOException("part " + ask[i] + " of the analysis gave " + got[i].size() + " results, not 1");
                    fetched.put(ask[i], got[i].get(0));
                }
            }
            return fetched.remove(part);
        }
    }

    private static String stopReason(String[] stops, List<String> shown) {
        List<String> reasons = new ArrayList<>();
        for (int i = 0; i < stops.length; i++) if (stops[i] != null) reasons.add(shown.get(i) + ": " + stops[i]);
        return reasons.isEmpty() ? null : String.join("; ", reasons);
    }

    private static String rootMessage(Throwable e) {
        String message = e.getMessage();
        for (Throwable t = e; t != null; t = t.getCause()) if (t.getMessage() != null) message = t.getMessage();
        return message;
    }

    /** A shuffle key's part: its top bits. */
    static final class PartPartitioner extends org.apache.spark.Partitioner {
        private final int parts;

        PartPartitioner(int parts) {
            this.parts = parts;
        }

        @Override
        public int numPartitions() {
            return parts;
        }

        @Override
        public int getPartition(Object key) {
            return (int) ((Long) key >>> INDEX_BITS);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof PartPartitioner p && p.parts == parts;
        }

        @Override
        public int hashCode() {
            return parts;
        }
    }
}
