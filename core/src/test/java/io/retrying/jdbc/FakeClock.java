package io.retrying.jdbc;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/** A nano clock that moves only when told; starts far from zero to catch absolute-time mistakes. */
final class FakeClock implements LongSupplier {
    private final AtomicLong nanos = new AtomicLong(Long.MAX_VALUE - 1_000_000_000L);

    @Override
    public long getAsLong() {
        return nanos.get();
    }

    void advance(Duration d) {
        nanos.addAndGet(d.toNanos());
    }
}
