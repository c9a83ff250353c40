package io.wireanalyze.profile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Time intervals {@code [start, end)} in nanoseconds, as sorted lists of disjoint intervals: the union of a JVM's waits
 * (so a wall-clock nanosecond two threads waited through counts once) and one set of waits less another.
 */
final class Intervals {

    private Intervals() {
    }

    /** The union of {@code intervals} ({@code {start, end}} pairs, any order, overlapping or not): sorted and disjoint. */
    static List<long[]> union(List<long[]> intervals) {
        List<long[]> sorted = new ArrayList<>(intervals.stream().filter(i -> i[1] > i[0]).toList());
        sorted.sort(Comparator.comparingLong(i -> i[0]));
        List<long[]> out = new ArrayList<>();
        for (long[] i : sorted) {
            long[] last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && i[0] <= last[1]) last[1] = Math.max(last[1], i[1]);
            else out.add(new long[]{i[0], i[1]});
        }
        return out;
    }

    /** {@code a} less {@code b}, both sorted and disjoint ({@link #union}): sorted and disjoint. */
    static List<long[]> minus(List<long[]> a, List<long[]> b) {
        List<long[]> out = new ArrayList<>();
        int j = 0;
        for (long[] i : a) {
            long start = i[0];
            while (j < b.size() && b.get(j)[1] <= start) j++;
            int k = j;
            while (k < b.size() && b.get(k)[0] < i[1]) {
                if (b.get(k)[0] > start) out.add(new long[]{start, b.get(k)[0]});
                start = Math.max(start, b.get(k)[1]);
                k++;
            }
            if (start < i[1]) out.add(new long[]{start, i[1]});
        }
        return out;
    }

    /** The nanoseconds {@code intervals} cover (sorted and disjoint). */
    static long length(List<long[]> intervals) {
        long n = 0;
        for (long[] i : intervals) n += i[1] - i[0];
        return n;
    }

    /** Both lists' intervals in one union. */
    static List<long[]> join(List<long[]> a, List<long[]> b) {
        List<long[]> all = new ArrayList<>(a);
        all.addAll(b);
        return union(all);
    }
}
