package io.retrying.jdbc.demo;

import java.util.SplittableRandom;

/**
 * The transfers one worker makes, in order: the same seed and worker number give the same
 * sequence, so both sides of the demo attempt the same transfers. Not thread-safe: one per worker.
 */
final class TransferGenerator {
    private static final long MAX_AMOUNT = 100;

    private final SplittableRandom random;
    private final int worker;
    private final int accounts;
    private long sequence;

    TransferGenerator(long seed, int worker, int accounts) {
        // a distinct stream per worker, derived from the seed alone
        this.random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + worker);
        this.worker = worker;
        this.accounts = accounts;
    }

    Transfer next() {
        sequence++;
        int from = 1 + random.nextInt(accounts);
        int to = 1 + random.nextInt(accounts - 1);
        if (to >= from) {
            to++; // any account but the debited one
        }
        return new Transfer("w" + worker + "-" + sequence, from, to, 1 + random.nextLong(MAX_AMOUNT));
    }
}
