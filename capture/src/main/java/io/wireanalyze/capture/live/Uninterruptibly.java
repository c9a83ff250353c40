package io.wireanalyze.capture.live;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * Waits that finish even when the waiting thread is interrupted (a shutdown hook must still close the
 * file), restoring the interrupt flag afterwards.
 */
final class Uninterruptibly {

    private Uninterruptibly() {}

    static void sleep(Duration duration) {
        long deadline = System.nanoTime() + duration.toNanos();
        boolean interrupted = false;
        for (long left = duration.toNanos(); left > 0; left = deadline - System.nanoTime()) {
            try {
                Thread.sleep(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    static void await(CountDownLatch latch) {
        boolean interrupted = false;
        while (latch.getCount() > 0) {
            try {
                latch.await();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    /** Waits up to {@code wait} for {@code thread} to end; whether it has. */
    static boolean join(Thread thread, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        boolean interrupted = false;
        for (long left = wait.toNanos(); thread.isAlive() && left > 0; left = deadline - System.nanoTime()) {
            try {
                thread.join(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        return !thread.isAlive();
    }
}
