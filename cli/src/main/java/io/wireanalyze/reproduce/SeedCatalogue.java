package io.wireanalyze.reproduce;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The seeds the repository holds as data (resources {@code seeds/index.json} and {@code seeds/<id>.json}), and the
 * seed texts of a shared folder beside the clone, which may hold more than the data covers yet.
 */
public final class SeedCatalogue {
    private static final String INDEX = "seeds/index.json";
    private final List<Seed> seeds;

    private SeedCatalogue(List<Seed> seeds) {
        this.seeds = List.copyOf(seeds);
    }

    /** Every seed of the repository's data. */
    public static SeedCatalogue load() {
        try {
            List<Seed> seeds = new ArrayList<>();
            for (String id : new ObjectMapper().readValue(resource(INDEX), String[].class)) {
                String name = "seeds/" + id + ".json";
                try (InputStream in = resource(name)) {
                    seeds.add(SeedParser.parse(name, in));
                }
            }
            return new SeedCatalogue(seeds);
        } catch (IOException e) {
            throw new UncheckedIOException(INDEX + ": " + e.getMessage(), e);
        }
    }

    public List<Seed> seeds() {
        return seeds;
    }

    /** A seed by its id, or by its text's file name with or without {@code .txt}. */
    public Optional<Seed> find(String name) {
        String n = name.endsWith(".txt") ? name.substring(0, name.length() - 4) : name;
        return seeds.stream().filter(s -> s.id().equals(n) || s.file().equals(n + ".txt")).findFirst();
    }

    /** Seed texts in {@code folder} (.txt) that no seed's data names: they are listed as waiting for their data. */
    public List<String> withoutData(Path folder) {
        if (!Files.isDirectory(folder)) return List.of();
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".txt"))
                    .filter(f -> seeds.stream().noneMatch(s -> s.file().equals(f))).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = SeedCatalogue.class.getClassLoader().getResourceAsStream(name);
        if (in == null) throw new IOException(name + ": not on the class path (expected: in the cli jar's resources)");
        return in;
    }
}
