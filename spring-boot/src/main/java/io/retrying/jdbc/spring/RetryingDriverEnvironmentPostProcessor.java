package io.retrying.jdbc.spring;

import io.retrying.jdbc.RetryingDriver;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Names the retrying driver for a {@code spring.datasource.url} of the form
 * {@code jdbc:retrying:postgresql:...} when no driver class is named: Spring Boot knows the driver
 * of {@code jdbc:postgresql:} URLs only, and would fail with "Failed to determine a suitable driver
 * class". A driver class the application names is left as it is; so is everything with
 * {@code retrying.jdbc.enabled=false}.
 */
public class RetryingDriverEnvironmentPostProcessor implements EnvironmentPostProcessor {

    private static final String URL = "spring.datasource.url";
    private static final String DRIVER = "spring.datasource.driver-class-name";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String url = environment.getProperty(URL);
        if (url == null || !url.startsWith("jdbc:retrying:postgresql:") || environment.containsProperty(DRIVER)
                || !environment.getProperty("retrying.jdbc.enabled", Boolean.class, true)) {
            return;
        }
        environment.getPropertySources().addLast(
                new MapPropertySource("retryingJdbcDriver", Map.of(DRIVER, RetryingDriver.class.getName())));
    }
}
