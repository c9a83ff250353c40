package io.wireanalyze.workloads.jrmp;

import io.wireanalyze.workloads.OptionArgs;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.ServerConfig;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * {@link JrmpServer}'s command line: {@code --registry-port 1099 --object-port 1100 --name BenchService},
 * each optional with those defaults.
 */
record JrmpServerOptions(int registryPort, int objectPort, String name) {
    static final String REGISTRY_PORT = "--registry-port";
    static final String OBJECT_PORT = "--object-port";
    static final String NAME = "--name";

    JrmpServerOptions {
        Objects.requireNonNull(name, "name");
    }

    List<String> toArgs() {
        return List.of(REGISTRY_PORT, Integer.toString(registryPort), OBJECT_PORT, Integer.toString(objectPort),
                NAME, name);
    }

    static Parsed<JrmpServerOptions> parse(String[] args) {
        return OptionArgs.parse(args, Set.of(REGISTRY_PORT, OBJECT_PORT, NAME), Set.of()).flatMap(o -> {
            Parsed<Integer> registry = o.intValue(REGISTRY_PORT, 1, 65535, JrmpWorkload.defaults().namingPort());
            Parsed<Integer> object = o.intValue(OBJECT_PORT, 1, 65535, JrmpWorkload.defaults().objectPort());
            String name = o.value(NAME).orElse(ServerConfig.DEFAULT_NAME);
            if (registry.error().isPresent()) return Parsed.invalid(registry.error().get());
            if (object.error().isPresent()) return Parsed.invalid(object.error().get());
            if (name.isEmpty()) return Parsed.invalid("option " + NAME + ": '' (expected: a non-empty name)");
            return Parsed.ok(new JrmpServerOptions(registry.orElseThrow(), object.orElseThrow(), name));
        });
    }
}
