package io.retrying.jdbc;

import java.util.random.RandomGenerator;

/** A "random" source that always draws the same fraction of the bound: 0 is the least, 1 the most. */
final class FixedRandom implements RandomGenerator {
    private final double fraction;

    FixedRandom(double fraction) {
        this.fraction = fraction;
    }

    static FixedRandom most() {
        return new FixedRandom(1.0);
    }

    static FixedRandom least() {
        return new FixedRandom(0.0);
    }

    @Override
    public long nextLong() {
        throw new UnsupportedOperationException("only bounded draws");
    }

    @Override
    public long nextLong(long bound) {
        return Math.min(bound - 1, (long) (bound * fraction));
    }
}
