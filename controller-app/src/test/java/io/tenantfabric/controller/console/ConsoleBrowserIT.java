package io.tenantfabric.controller.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerProcess;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.controller.support.EmulatorControl;
import io.tenantfabric.db.testing.TestDatabases;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.topology.FabricLayouts;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The operator console in a real headless chromium against a real controller process, PostgreSQL
 * and the emulated lab fabric (6 switches, 16 GPUs; the scheduled reconciler every 5 s in {@code
 * report} mode): sign-in and a bad token's message, the map with every switch, a tenant created and
 * 8 GPUs allocated with the row turning ACTIVE from the event stream without a reload while an idle
 * page sends no request at all, the quota changed and refused, a leaf changed out of band shown
 * DRIFTED on the map and in its open panel without a reload, two crossed cables shown after a
 * cabling check, a TENANT, an AUDITOR and a PORTAL token offered only what their role may do, the
 * Content-Security-Policy, no inline script and no policy violation, and axe-core finding nothing
 * serious or critical on each main view. One browser and one controller for the class; the methods
 * run in order, each on what the one before left.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsoleBrowserIT {

  static final String LAYOUT = FabricLayouts.GROWTH_A;
  static final String TENANT = "console-acme";
  static final Duration UI = Duration.ofSeconds(30);
  static final JsonMapper JSON = JsonMapper.builder().build();

  Path logs;
  EmulatedFabric emulator;
  EmulatorControl control;
  ControllerProcess controller;
  ApiClient api;
  ConsoleBrowser browser;
  String base;
  Optional<Path> screenshots = ConsoleScreenshots.directory();
  long started = System.nanoTime();

  /** The allocation the operator made through the console, and its first GPU. */
  String allocationId;

  JsonNode allocatedGpu;

  @BeforeAll
  void fabricAndBrowser() throws IOException {
    logs = Files.createTempDirectory("console-it-");
    TestDatabases.Schema schema = TestDatabases.freshSchema("it_console");
    emulator = EmulatedFabrics.start(LAYOUT, Profile.COMWARE7);
    control = EmulatorControl.of(emulator);
    controller =
        ControllerProcess.start(
            schema,
            logs.resolve("controller.log"),
            // the scheduled reconciler finds drift by itself, and only reports it
            Map.of("FABRIC_RECONCILE_POLICY", "report", "FABRIC_RECONCILE_INTERVAL", "5s"));
    api = controller.api();
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("spec", spec(LAYOUT));
    body.put("devices", EmulatedFabrics.definition(LAYOUT, emulator).get("devices"));
    ApiClient.Response defined = api.put("/api/v1/fabric", body);
    assertThat(defined.status()).as(defined.toString()).isEqualTo(201);
    EmulatedFabrics.awaitInSync(api, Duration.ofSeconds(120));
    base = "http://127.0.0.1:" + controller.port();
    browser = ConsoleBrowser.start(base);
  }

  @AfterAll
  void stop() throws InterruptedException {
    try {
      if (browser != null) {
        browser.close();
      }
    } finally {
      try {
        if (controller != null) {
          controller.close();
        }
      } finally {
        if (control != null) {
          control.close();
        }
        if (emulator != null) {
          emulator.close();
        }
      }
    }
    System.out.printf(
        "ConsoleBrowserIT: wall time %d s%n",
        Duration.ofNanos(System.nanoTime() - started).toSeconds());
  }

  @Test
  @Order(1)
  void theConsoleCarriesItsContentSecurityPolicyAndSwaggerUiKeepsItsHeaders() throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    for (String path : List.of("/console/", "/console")) {
      HttpResponse<String> page =
          http.send(
              HttpRequest.newBuilder(URI.create(base + path)).GET().build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(page.statusCode()).as(path).isEqualTo(200);
      assertThat(page.headers().firstValue("Content-Security-Policy"))
          .as(path)
          .contains(
              "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
                  + " connect-src 'self'; base-uri 'none'; form-action 'none';"
                  + " frame-ancestors 'none'");
      assertThat(page.body())
          .contains("<script type=\"module\" src=\"/console/js/main.js\"></script>")
          .doesNotContainPattern("<script(?![^>]*\\ssrc=)[^>]*>")
          .doesNotContainPattern("<style|\\sstyle=");
    }
    HttpResponse<String> module =
        http.send(
            HttpRequest.newBuilder(URI.create(base + "/console/js/main.js")).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(module.statusCode()).isEqualTo(200);
    assertThat(module.headers().firstValue("Content-Type").orElse("")).contains("javascript");

    // Swagger UI and the API document: as before, no console policy
    for (String path : List.of("/swagger-ui/index.html", "/v3/api-docs")) {
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(URI.create(base + path))
                  .header("Authorization", "Bearer " + ApiClient.BOOTSTRAP_TOKEN)
                  .GET()
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).as(path).isEqualTo(200);
      assertThat(r.headers().firstValue("Content-Security-Policy")).as(path).isEmpty();
      assertThat(r.headers().firstValue("X-Frame-Options")).as(path).contains("DENY");
      assertThat(r.headers().firstValue("X-Content-Type-Options")).as(path).contains("nosniff");
    }
  }

  @Test
  @Order(2)
  void aBadTokenGetsAClearMessageOnThePage() {
    browser.open("/console/");
    signInWith("tf_this-token-was-never-issued-0123456789");
    WebElement error = browser.find("#signin-error");
    browser.await("the sign-in refusal is shown", UI, error::isDisplayed);
    assertThat(error.getText()).contains("Sign-in refused").contains("Unauthorized");
    assertThat(browser.sessionStorage()).as("nothing kept of a refused token").isEmpty();
    assertNoInlineScript();
    assertThat(browser.seriousAxeViolations()).as("axe on sign-in").isEmpty();
    shot("sign-in-refused");
  }

  @Test
  @Order(3)
  void anOperatorSeesEverySwitchOfTheFabricOnTheMap() {
    signInWith(ApiClient.BOOTSTRAP_TOKEN);
    browser.await("the menu of an OPERATOR", UI, () -> browser.all("#nav a").size() == 5);
    browser.await(
        "the event stream live", UI, () -> browser.find("#live").getText().equals("Live"));
    awaitMap();
    JsonNode fabric = api.get("/api/v1/fabric").json();
    List<String> names = new ArrayList<>();
    fabric.get("switches").forEach(s -> names.add(s.get("name").asString()));
    assertThat(drawnStates())
        .as("every switch drawn, IN_SYNC")
        .isEqualTo(
            names.stream().collect(java.util.stream.Collectors.toMap(n -> n, n -> "IN_SYNC")));
    assertThat(browser.all("[data-miscabled]")).as("every cable as planned").isEmpty();
    assertThat(browser.all("line.link.ok")).as("a small fabric: every fabric link").isNotEmpty();
    assertNoInlineScript();
    assertThat(browser.seriousAxeViolations()).as("axe on the map").isEmpty();
  }

  @Test
  @Order(4)
  void anAllocationTurnsActiveWithoutAReloadAndNothingIsReadAgainOnATimer() throws Exception {
    browser.find("#nav a[href='#/tenants']").click();
    WebElement name = awaitElement("#new-name");
    name.sendKeys(TENANT);
    browser.find("#new-display").sendKeys("Acme through the console");
    WebElement quota = browser.find("#new-quota");
    quota.clear();
    quota.sendKeys("16");
    browser.find("form.card button[type=submit]").click();
    browser.await(
        "the new tenant's page",
        UI,
        () -> browser.driver().getCurrentUrl().endsWith("#/tenants/" + TENANT));
    assertThat(browser.seriousAxeViolations()).as("axe on a tenant's page").isEmpty();
    browser.js("window.stillTheSamePage = true;");

    WebElement gpus = awaitElement("#alloc-gpus");
    gpus.clear();
    gpus.sendKeys("8");
    gpus.submit();
    browser.await("an allocation row", UI, () -> !browser.all("tr[data-allocation]").isEmpty());
    WebElement row = browser.find("tr[data-allocation]");
    allocationId = row.getAttribute("data-allocation");
    System.out.printf(
        "ConsoleBrowserIT: the row first showed %s%n", row.getAttribute("data-status"));
    browser.await(
        "the allocation row ACTIVE",
        Duration.ofSeconds(60),
        () ->
            "ACTIVE"
                .equals(
                    browser
                        .find("tr[data-allocation='" + allocationId + "']")
                        .getAttribute("data-status")));
    assertThat(browser.js("return window.stillTheSamePage === true;"))
        .as("no reload happened")
        .isEqualTo(true);
    JsonNode allocation =
        api.get("/api/v1/tenants/" + TENANT + "/allocations/" + allocationId).json();
    assertThat(allocation.get("status").asString()).isEqualTo("ACTIVE");
    allocatedGpu = allocation.get("gpus").get(0);

    // idle: the page sends nothing more, neither a REST read nor a new stream (no polling loop)
    Thread.sleep(3000); // the re-reads that the last events asked for settle
    long before = browser.apiReads();
    int sent = browser.requests().size();
    Thread.sleep(20_000);
    long after = browser.apiReads();
    List<String> all = browser.requests();
    List<String> since = all.subList(sent, all.size());
    System.out.printf(
        "ConsoleBrowserIT: %d REST reads before the idle 20 s, %d after; sent meanwhile: %s%n",
        before, after, since);
    assertThat(after).as("REST reads while idle: %s", since).isEqualTo(before);
    assertThat(since).as("requests while idle").isEmpty();
    assertThat(browser.find("#live").getText()).isEqualTo("Live");
    assertNoInlineScript();
    assertThat(browser.seriousAxeViolations()).as("axe on a tenant with an allocation").isEmpty();
    shot("tenant");

    // the quota: below the live GPUs refused with the problem's words, then changed
    changeQuota("4");
    browser.await(
        "the refusal",
        UI,
        () ->
            browser
                .find("form[aria-label='Change the tenant']")
                .getText()
                .contains("Quota below live GPUs"));
    changeQuota("12");
    browser.await(
        "the new quota",
        UI,
        () -> browser.find("[data-fact='GPUs live']").getText().equals("8 of a quota of 12"));
    assertThat(api.get("/api/v1/tenants/" + TENANT).json().get("gpuQuota").asInt()).isEqualTo(12);
  }

  @Test
  @Order(5)
  void aLeafChangedOutOfBandIsShownDriftedOnTheMapWithoutAReload() {
    String leaf = allocatedGpu.get("leaf").asString();
    String port = allocatedGpu.get("port").asString();
    browser.find("#nav a[href='#/map']").click();
    awaitMap();
    openSwitch(leaf);
    browser.js("window.stillTheSamePage = true;");
    // the tenant's isolation ACL taken off its port on the switch itself; the scheduled reconciler
    // (report) finds it, and the switch's event updates the map and the open panel
    control.cli(
        leaf, List.of("interface " + port, " undo packet-filter name t-" + TENANT + "-in inbound"));
    browser.await(
        leaf + " DRIFTED on the map",
        Duration.ofSeconds(60),
        () ->
            "DRIFTED"
                .equals(browser.find("[data-switch='" + leaf + "']").getAttribute("data-state")));
    browser.await(
        "the open panel re-read",
        UI,
        () -> browser.find("#panel").getText().contains("Last drift"));
    assertThat(browser.js("return window.stillTheSamePage === true;"))
        .as("no reload happened")
        .isEqualTo(true);
    shot("map-drifted");
  }

  @Test
  @Order(6)
  void twoCrossedCablesAreShownOnTheMapAfterACablingCheck() {
    // two free GPUs of one leaf, their cables swapped on the emulator's floor
    String leaf = null;
    List<JsonNode> free = new ArrayList<>();
    for (JsonNode s : api.get("/api/v1/fabric").json().get("switches")) {
      if (!"LEAF".equals(s.get("role").asString())) {
        continue;
      }
      free.clear();
      for (JsonNode p :
          api.get("/api/v1/fabric/devices/" + s.get("name").asString()).json().get("ports")) {
        if (!p.get("gpu").isNull() && p.get("allocation").isNull()) {
          free.add(p);
        }
      }
      if (free.size() >= 2 && !"DRIFTED".equals(s.get("state").asString())) {
        leaf = s.get("name").asString();
        break;
      }
    }
    assertThat(leaf).as("a leaf with two free GPUs").isNotNull();
    JsonNode a = free.get(0);
    JsonNode b = free.get(1);
    control.cableToServer(leaf, a.get("name").asString(), server(b), nic(b));
    control.cableToServer(leaf, b.get("name").asString(), server(a), nic(a));

    openSwitch(leaf);
    awaitElement("[data-action=check-cabling]").click();
    String crossed = leaf;
    browser.await(
        "the crossed cables on the map: both links, their switch, the list",
        UI,
        () ->
            browser.all("line[data-miscabled='WRONG_PEER']").size() == 2
                && "2"
                    .equals(
                        browser
                            .find("[data-switch='" + crossed + "']")
                            .getAttribute("data-miscabled"))
                && browser.all(".miscabled-list tr[data-miscabled='WRONG_PEER']").size() == 2);
    assertNoInlineScript();
    assertThat(browser.seriousAxeViolations()).as("axe on the map with its ports panel").isEmpty();
    shot("map");
  }

  @Test
  @Order(7)
  void theOtherViewsOfAnOperatorPassAxe() {
    browser.find("#nav a[href='#/allocations']").click();
    browser.await(
        "the allocation in the list",
        UI,
        () ->
            !browser
                .all("tr[data-allocation='" + allocationId + "'][data-status=ACTIVE]")
                .isEmpty());
    assertThat(browser.seriousAxeViolations()).as("axe on allocations").isEmpty();

    browser.find("#nav a[href='#/operations']").click();
    browser.await(
        "the operations view", UI, () -> browser.find("main").getText().contains("No operations"));
    assertThat(browser.seriousAxeViolations()).as("axe on operations").isEmpty();

    browser.find("#nav a[href='#/audits']").click();
    browser.await("the audit trail", UI, () -> !browser.all("tr[data-event]").isEmpty());
    browser.find("#trail-title").isDisplayed();
    click("Verify the chain");
    browser.await("the chain's head", UI, () -> !browser.all("[data-head-hash]").isEmpty());
    assertThat(browser.find("[data-head-hash]").getAttribute("data-head-hash"))
        .matches("[0-9a-f]{64}");
    assertThat(browser.find("main").getText()).contains("Chain intact");
    assertNoInlineScript();
    assertThat(browser.seriousAxeViolations()).as("axe on audits").isEmpty();
    shot("audits");
  }

  @Test
  @Order(8)
  void aTenantTokenSeesItsOwnTenantOnlyAndNoOperatorAction() {
    signInAs(api.createToken(Role.TENANT, TENANT).secret());
    browser.await(
        "the tenant's page",
        UI,
        () -> browser.driver().getCurrentUrl().endsWith("#/tenants/" + TENANT));
    browser.await(
        "its allocation",
        UI,
        () -> !browser.all("tr[data-allocation='" + allocationId + "']").isEmpty());
    assertThat(browser.all("#nav a")).hasSize(1);
    assertThat(browser.find("#nav a").getText()).isEqualTo("Tenant " + TENANT);
    assertThat(browser.all("#alloc-gpus")).as("no allocate form").isEmpty();
    assertThat(browser.all("#create-title")).as("no tenant creation").isEmpty();
    assertThat(browser.all("#edit-quota")).as("no quota change").isEmpty();
    assertThat(browser.all("[data-action]")).as("no operator action").isEmpty();
    // its isolation evidence, and the receipt of that reading checked against the chain
    click("Show isolation evidence");
    click("Check receipt");
    browser.await(
        "the receipt checked",
        UI,
        () ->
            browser
                .find("section[aria-labelledby='evidence-title']")
                .getText()
                .contains("Receipt holds"));
    assertThat(browser.seriousAxeViolations()).as("axe on a TENANT's page").isEmpty();
    for (String elsewhere :
        List.of("#/map", "#/operations", "#/audits", "#/tenants", "#/tenants/other")) {
      browser.js("location.hash = arguments[0];", elsewhere);
      browser.await(
          elsewhere + " leads back to the tenant's page",
          UI,
          () -> browser.driver().getCurrentUrl().endsWith("#/tenants/" + TENANT));
      assertThat(browser.all("[data-switch]")).isEmpty();
    }
    shot("tenant-token");
  }

  @Test
  @Order(9)
  void anAuditorReadsWithoutActionsAndAPortalGetsTenantsAndAllocations() {
    signInAs(api.createToken(Role.AUDITOR, null).secret());
    browser.await(
        "the menu of an AUDITOR",
        UI,
        () -> navLabels().equals(List.of("Fabric map", "Allocations", "Operations", "Audits")));
    awaitMap();
    openSwitch(allocatedGpu.get("leaf").asString());
    assertThat(browser.all("[data-action]")).as("no switch action").isEmpty();
    browser.js("location.hash = '#/tenants';");
    browser.await(
        "no tenant list for an AUDITOR",
        UI,
        () -> browser.driver().getCurrentUrl().endsWith("#/map"));

    signInAs(api.createToken(Role.PORTAL, null).secret());
    browser.await(
        "the menu of a PORTAL", UI, () -> navLabels().equals(List.of("Tenants", "Allocations")));
    browser.await(
        "the tenant list", UI, () -> !browser.all("tr[data-tenant='" + TENANT + "']").isEmpty());
    browser.js("location.hash = '#/map';");
    browser.await(
        "no map for a PORTAL", UI, () -> browser.driver().getCurrentUrl().endsWith("#/tenants"));
    assertThat(browser.all("[data-switch]")).isEmpty();
    assertThat(browser.seriousAxeViolations()).as("axe on the tenant list").isEmpty();
  }

  @Test
  @Order(10)
  void noPolicyViolationWasReportedThroughout() {
    List<String> violations =
        browser.consoleMessages().stream()
            .filter(
                m -> m.contains("Content Security Policy") || m.contains("Content-Security-Policy"))
            .toList();
    System.out.printf("ConsoleBrowserIT: console messages: %s%n", browser.consoleMessages());
    assertThat(violations).isEmpty();
  }

  // ---- steps the tests share ----

  private void signInAs(String token) {
    browser.find("#signout").click();
    awaitElement("#token");
    signInWith(token);
  }

  /**
   * Clicks the shown button labelled {@code text} once there is one; found and clicked in one
   * script, so that a view re-rendered by an event in between cannot leave a stale element.
   */
  private void click(String text) {
    browser.await(
        "a button " + text,
        UI,
        () ->
            Boolean.TRUE.equals(
                browser.js(
                    "const b = [...document.querySelectorAll('button')]"
                        + ".find(x => x.offsetParent !== null && !x.disabled"
                        + " && x.textContent === arguments[0]);"
                        + "if (b) { b.click(); return true; } return false;",
                    text)));
  }

  /** Each drawn switch's data-state, read in one script. */
  @SuppressWarnings("unchecked") // a JSON object comes back as a Map
  private Map<String, String> drawnStates() {
    return (Map<String, String>)
        browser.js(
            "return Object.fromEntries([...document.querySelectorAll('svg.map [data-switch]')]"
                + ".map(e => [e.getAttribute('data-switch'), e.getAttribute('data-state')]));");
  }

  private List<String> navLabels() {
    return browser.all("#nav a").stream().map(WebElement::getText).toList();
  }

  private void changeQuota(String quota) {
    WebElement field = awaitElement("#edit-quota");
    field.clear();
    field.sendKeys(quota);
    field.submit();
  }

  private void signInWith(String token) {
    WebElement input = awaitElement("#token");
    input.clear();
    input.sendKeys(token);
    input.submit();
  }

  private WebElement awaitElement(String css) {
    browser.await(css, UI, () -> !browser.all(css).isEmpty() && browser.find(css).isDisplayed());
    return browser.find(css);
  }

  private void awaitMap() {
    browser.await("the map", UI, () -> !browser.all("svg.map [data-switch]").isEmpty());
  }

  /** Opens a switch's panel from the keyboard: Enter on the switch. */
  private void openSwitch(String name) {
    WebElement sw = awaitElement("[data-switch='" + name + "']");
    sw.sendKeys(Keys.ENTER);
    browser.await(
        name + "'s ports panel",
        UI,
        () ->
            browser.find("#panel").isDisplayed()
                && !browser.all("#panel tr[data-port]").isEmpty()
                && browser.find("#panel-title").getText().equals(name));
  }

  private void assertNoInlineScript() {
    assertThat(browser.js("return document.querySelectorAll('script:not([src])').length;"))
        .as("inline scripts")
        .isEqualTo(0L);
  }

  private void shot(String name) {
    screenshots.ifPresent(dir -> browser.screenshot(dir.resolve(name + ".png")));
  }

  private static String server(JsonNode port) {
    return port.get("gpu").get("server").asString();
  }

  private static String nic(JsonNode port) {
    String id = port.get("gpu").get("id").asString();
    return "mlx5_" + id.substring(id.indexOf('/') + 1);
  }

  /** A layout's spec as a request body gives it: the fields it sets, no nulls. */
  static Map<String, Object> spec(String layout) {
    Map<String, Object> spec = new LinkedHashMap<>();
    JSON.convertValue(FabricLayouts.spec(layout), new TypeReference<Map<String, Object>>() {})
        .forEach(
            (k, v) -> {
              if (v != null) {
                spec.put(k, v);
              }
            });
    return spec;
  }
}
