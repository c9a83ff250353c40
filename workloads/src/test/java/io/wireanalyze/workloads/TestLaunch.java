package io.wireanalyze.workloads;

import java.time.Duration;
import java.util.List;

/** Launch settings for the workload tests: the JVMs start quickly, and a hung one fails the test in a minute. */
public final class TestLaunch {
    /** 30 s to start, 60 s for a client run, 2 s grace when stopping; C1 only and the serial GC. */
    public static final LaunchSettings FAST = LaunchSettings.defaults()
            .withStartTimeout(Duration.ofSeconds(30)).withClientTimeout(Duration.ofSeconds(60))
            .withStopGrace(Duration.ofSeconds(2)).withJvmOptions(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));

    private TestLaunch() {
    }
}
