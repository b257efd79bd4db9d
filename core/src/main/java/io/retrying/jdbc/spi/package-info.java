/**
 * What extension modules of retrying-jdbc may plug into the core (Failsafe's {@code dev.failsafe.spi}
 * is the model): {@link io.retrying.jdbc.spi.LayerTelemetry}, found with {@code ServiceLoader}.
 * Not for applications: they configure the layer through {@code io.retrying.jdbc}.
 */
package io.retrying.jdbc.spi;
