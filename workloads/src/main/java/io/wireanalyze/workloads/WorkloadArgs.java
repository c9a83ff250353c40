package io.wireanalyze.workloads;

import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The option groups a workload is built from, as the command line parsed them, one per class, and where its JVMs
 * sit on the network ({@link Placement}, loopback unless {@link #withPlacement} says otherwise).
 */
public final class WorkloadArgs {
    private final Map<Class<? extends OptionGroup>, OptionGroup> groups = new LinkedHashMap<>();
    private final Placement placement;
    private final Optional<Path> recordings;

    public WorkloadArgs(Collection<? extends OptionGroup> parsed) {
        this(parsed, Placement.LOOPBACK, Optional.empty());
    }

    private WorkloadArgs(Collection<? extends OptionGroup> parsed, Placement placement, Optional<Path> recordings) {
        for (OptionGroup g : parsed) {
            if (groups.put(g.getClass(), g) != null)
                throw new IllegalArgumentException("option group " + g.getClass().getSimpleName() + ": given twice (expected: once)");
        }
        this.placement = placement;
        this.recordings = recordings;
    }

    /** The same groups, the JVMs placed as {@code p} says. */
    public WorkloadArgs withPlacement(Placement p) {
        return new WorkloadArgs(groups.values(), p, recordings);
    }

    /** The same groups, every JVM recorded with JDK Flight Recorder into {@code dir} ({@link FlightRecording}). */
    public WorkloadArgs withRecordings(Path dir) {
        return new WorkloadArgs(groups.values(), placement, Optional.of(dir));
    }

    /** The launch settings a workload's factory starts from: the defaults, placed, recorded if asked. */
    public LaunchSettings launch() {
        LaunchSettings l = LaunchSettings.defaults().withPlacement(placement);
        return recordings.map(l::withRecordings).orElse(l);
    }

    public Placement placement() {
        return placement;
    }

    /** {@code defaults} with this placement and recordings: what a workload's factory starts from. */
    public ServerConfig placed(ServerConfig defaults) {
        LaunchSettings l = defaults.launch().withPlacement(placement);
        return defaults.withLaunch(recordings.map(l::withRecordings).orElse(l));
    }

    /** These groups, each with its defaults (nothing given on a command line). */
    public static WorkloadArgs defaults(List<Class<? extends OptionGroup>> groups) {
        return new WorkloadArgs(groups.stream().map(WorkloadArgs::instance).toList());
    }

    /** A new instance of {@code type} with its defaults. */
    public static OptionGroup instance(Class<? extends OptionGroup> type) {
        try {
            return type.getConstructor().newInstance();
        } catch (NoSuchMethodException | InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("option group " + type.getName() + ": " + e + " (expected: a public no-argument constructor)", e);
        }
    }

    /** The group of this class. */
    public <G extends OptionGroup> G group(Class<G> type) {
        OptionGroup g = groups.get(type);
        if (g == null)
            throw new IllegalArgumentException("option group " + type.getSimpleName() + ": absent (expected: one of "
                    + groups.keySet().stream().map(Class::getSimpleName).toList() + ")");
        return type.cast(g);
    }

    /** The plan as every group leaves it ({@link OptionGroup#applyTo(Plan)}), in the order of the groups. */
    public Plan applyTo(Plan plan) {
        Plan p = plan;
        for (OptionGroup g : groups.values()) p = g.applyTo(p);
        return p;
    }
}
