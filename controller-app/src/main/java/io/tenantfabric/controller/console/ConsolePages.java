package io.tenantfabric.controller.console;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Serves the console's page at {@code /console} and {@code /console/}; its assets are static
 * resources of the jar ({@code static/console/}), referred to by absolute paths so that both
 * addresses load them.
 */
@Configuration
class ConsolePages implements WebMvcConfigurer {

  static final String PAGE = "forward:/console/index.html";

  @Override
  public void addViewControllers(ViewControllerRegistry registry) {
    registry.addViewController("/console").setViewName(PAGE);
    registry.addViewController("/console/").setViewName(PAGE);
  }
}
