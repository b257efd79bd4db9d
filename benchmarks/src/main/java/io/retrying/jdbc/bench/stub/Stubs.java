package io.retrying.jdbc.bench.stub;

import java.sql.SQLFeatureNotSupportedException;

/** Helpers of the stub driver. */
final class Stubs {
    private Stubs() {
    }

    /** What a stub method the benchmarks never call answers: they must not call it by accident. */
    static SQLFeatureNotSupportedException unsupported(String method) {
        return new SQLFeatureNotSupportedException("stub driver: " + method + " is not implemented");
    }
}
