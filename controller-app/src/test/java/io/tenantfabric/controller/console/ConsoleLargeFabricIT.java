package io.tenantfabric.controller.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerProcess;
import io.tenantfabric.db.testing.TestDatabases;
import io.tenantfabric.model.topology.FabricPresets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.WebElement;
import tools.jackson.databind.JsonNode;

/**
 * The map of the three-tier 10,240-GPU preset (800 switches, no inventory: every switch UNMANAGED,
 * no emulator): every switch is drawn, once, with its state, in pods under the super-spines; the
 * time the page took to read and draw it is printed, not asserted.
 */
class ConsoleLargeFabricIT {

  @Test
  void everySwitchOfThe10240GpuPresetIsDrawn() throws Exception {
    Path logs = Files.createTempDirectory("console-large-it-");
    TestDatabases.Schema schema = TestDatabases.freshSchema("it_console_large");
    Optional<Path> screenshots = ConsoleScreenshots.directory();
    try (ControllerProcess controller = ControllerProcess.start(schema, logs.resolve("c.log"))) {
      ApiClient api = controller.api();
      ApiClient.Response defined =
          api.put("/api/v1/fabric", Map.of("preset", FabricPresets.H3C_S9825_10240));
      assertThat(defined.status()).as(defined.toString()).isEqualTo(201);
      JsonNode fabric = api.get("/api/v1/fabric").json();
      Set<String> names = new HashSet<>();
      fabric.get("switches").forEach(s -> names.add(s.get("name").asString()));
      assertThat(names).hasSize(800);
      assertThat(fabric.get("totals").get("gpus").asInt()).isEqualTo(10_240);

      try (ConsoleBrowser browser = ConsoleBrowser.start("http://127.0.0.1:" + controller.port())) {
        browser.open("/console/");
        browser.await(
            "the sign-in form", Duration.ofSeconds(30), () -> !browser.all("#token").isEmpty());
        WebElement token = browser.find("#token");
        token.sendKeys(ApiClient.BOOTSTRAP_TOKEN);
        long start = System.nanoTime();
        token.submit();
        browser.await(
            "every switch drawn",
            Duration.ofSeconds(120),
            () -> browser.all("svg.map[data-render-ms]").size() == 1);
        long seen = Duration.ofNanos(System.nanoTime() - start).toMillis();
        List<WebElement> drawn = browser.all("svg.map [data-switch]");
        Set<String> drawnNames = new HashSet<>();
        @SuppressWarnings("unchecked") // a JSON array of strings comes back as a List
        List<String> attributes =
            (List<String>)
                browser.js(
                    "return [...document.querySelectorAll('svg.map [data-switch]')]"
                        + ".map(e => e.getAttribute('data-switch') + ' ' + e.getAttribute('data-state'));");
        for (String a : attributes) {
          String[] parts = a.split(" ");
          drawnNames.add(parts[0]);
          assertThat(parts[1]).as(parts[0]).isEqualTo("UNMANAGED");
        }
        assertThat(drawn).hasSize(800);
        assertThat(drawnNames).isEqualTo(names);
        assertThat(browser.all("svg.map rect.pod")).as("one box per pod").hasSize(10);
        System.out.printf(
            "ConsoleLargeFabricIT: 800 switches of %s drawn; the page measured %s ms from its"
                + " first read to the drawn map, the test %d ms from sign-in%n",
            FabricPresets.H3C_S9825_10240,
            browser.find("svg.map").getAttribute("data-render-ms"),
            seen);
        screenshots.ifPresent(dir -> browser.screenshot(dir.resolve("map-10240.png")));
      }
    }
  }
}
