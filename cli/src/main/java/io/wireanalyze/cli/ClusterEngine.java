package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.console.Progress;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * An engine that runs the analysis on a cluster (the {@code spark} module's job), found at run time with
 * {@link java.util.ServiceLoader}: the command-line jar carries no cluster code and starts as quickly without it.
 */
public interface ClusterEngine {

    /**
     * Analyses {@code files} (local paths or any URI the cluster reads; folders stand for their files in name order) as
     * one capture, as {@code analyze --merge} does.
     *
     * @param names      the files as the user named them (the reports' source, and where a file's reading stopped)
     * @param master     the cluster's master URL, or null for the one the job was submitted to (else local[*])
     * @param parquetDir where to write the connections, messages and invocations as Parquet, or null
     */
    AnalysisResult analyze(List<String> files, List<String> names, OptionsRecipe recipe, String master, Path parquetDir, Progress progress)
            throws IOException;
}
