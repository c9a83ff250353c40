package io.wireanalyze.bench;

/**
 * The best of a tool's runs on one capture.
 *
 * @param capture what ran on, and how big it is
 * @param tool    what ran
 * @param best    the run with the least wall time (or the failed one, when none succeeded)
 * @param runs    how many runs it was the best of
 */
record Measurement(Capture capture, Tool tool, ChildRun best, int runs) {

    /** A synthetic capture of the run (a folder of its pieces for the merge and Spark runs). */
    record Capture(String label, java.nio.file.Path file, long packets, long bytes) {
    }

    enum Tool {
        READ_FLOOR("read floor"), ANALYZE_JSON("analyze json"), ANALYZE_TABLE("analyze table"),
        /** analyze --format json --workers 0: the analysis on the thread that reads the frames (the report formatted on every core, as in every json run). */
        ANALYZE_JSON_ONE_THREAD("analyze json, 1 thread"), TSHARK("tshark"),
        /** analyze --merge --format table of the capture cut into files (a folder): issue #19's yardstick for Spark. */
        ANALYZE_MERGE("analyze --merge table"),
        /** analyze --engine spark --format table of the same folder, Spark embedded in local mode. */
        ANALYZE_SPARK("analyze --engine spark table"),
        /** analyze --merge --format json of the folder: the Spark target again, with every record reported. */
        ANALYZE_MERGE_JSON("analyze --merge json"),
        /** analyze --engine spark --format json of the folder, Spark embedded in local mode. */
        ANALYZE_SPARK_JSON("analyze --engine spark json"),
        /** bench compiled: analyze json on one thread and with workers, in turn, again and again in one JVM (issue #19). */
        COMPILED("analyze json again and again in one JVM");

        final String label;

        Tool(String label) {
            this.label = label;
        }

        boolean analyze() {
            return this == ANALYZE_JSON || this == ANALYZE_TABLE || this == ANALYZE_JSON_ONE_THREAD || this == ANALYZE_MERGE
                    || this == ANALYZE_SPARK || this == ANALYZE_MERGE_JSON || this == ANALYZE_SPARK_JSON;
        }

        /** The Spark job's runs. */
        boolean spark() {
            return this == ANALYZE_SPARK || this == ANALYZE_SPARK_JSON;
        }
    }

    double packetsPerSecond() {
        return capture.packets() / best.seconds();
    }

    double megabytesPerSecond() {
        return capture.bytes() / 1e6 / best.seconds();
    }
}
