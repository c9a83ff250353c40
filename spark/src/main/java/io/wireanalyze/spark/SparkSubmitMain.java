package io.wireanalyze.spark;

import io.wireanalyze.cli.WireAnalyze;

import java.util.ArrayList;
import java.util.List;

/**
 * The job's main class for {@code spark-submit}: {@code spark-submit --class io.wireanalyze.spark.SparkSubmitMain
 * wireanalyze-spark-job.jar [analyze options] FILE...} runs {@code analyze --engine spark} on the cluster spark-submit
 * was given (its --master), with the same options and reports as the command line.
 */
public final class SparkSubmitMain {

    private SparkSubmitMain() {
    }

    public static void main(String[] args) {
        List<String> all = new ArrayList<>();
        int from = args.length > 0 && (args[0].equals("analyze") || args[0].equals("analyse")) ? 1 : 0;
        all.add("analyze");
        all.add("--engine");
        all.add("spark");
        for (int i = from; i < args.length; i++) all.add(args[i]);
        WireAnalyze.main(all.toArray(String[]::new));
    }
}
