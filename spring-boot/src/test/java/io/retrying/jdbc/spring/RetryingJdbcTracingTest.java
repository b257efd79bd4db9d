package io.retrying.jdbc.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.retrying.jdbc.opentelemetry.RetryingOpenTelemetry;
import io.retrying.jdbc.opentelemetry.TracingRetryListener;
import io.retrying.jdbc.spi.LayerTelemetry;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The starter's tracing: with the OpenTelemetry API on the class path (Spring Boot's version of it)
 * the layer's own spans go to the application's {@code OpenTelemetry} bean while the context lives;
 * without the API, nothing of it is there.
 */
class RetryingJdbcTracingTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(RetryingJdbcAutoConfiguration.class));

    @Test
    void theLayersOwnSpansGoToTheApplicationsOpenTelemetry() throws Exception {
        InMemorySpanExporter exported = InMemorySpanExporter.create();
        OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exported)).build())
                .build();
        try {
            runner.withBean(OpenTelemetry.class, () -> sdk).run(ctx -> {
                assertThat(ctx).hasSingleBean(RetryingJdbcTracing.class);
                assertThat(ctx.getBean(RetryingJdbcTracing.class).listener()).isSameAs(TracingRetryListener.instance());
                // what the core does with the provider it found: a replay under a span of the layer's own
                assertThat(new RetryingOpenTelemetry().ownWork(LayerTelemetry.Work.REPLAY, () -> 7)).isEqualTo(7);
                // (the context closes the SDK bean, and its exporter forgets, when it closes: asked here)
                assertThat(exported.getFinishedSpanItems().stream().map(SpanData::getName).collect(Collectors.toList()))
                        .containsExactly("replay");
            });
        } finally {
            sdk.close();
        }
    }

    @Test
    void withoutTheApiThereIsNoTracingBean() {
        runner.withClassLoader(new FilteredClassLoader(OpenTelemetry.class))
                .run(ctx -> assertThat(ctx).doesNotHaveBean(RetryingJdbcTracing.class));
    }
}
