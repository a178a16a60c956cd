package io.tenantfabric.controller.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.stream.Stream;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One headless chromium of the distribution ({@code /usr/bin/chromium} driven by {@code
 * /usr/bin/chromedriver}; Selenium Manager never downloads anything) at 1280x800 with a fresh
 * profile, and what the console's tests read from it: the requests the page sent (Chrome's
 * performance log), its console messages, axe-core's verdict, screenshots.
 */
final class ConsoleBrowser implements AutoCloseable {

  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final ChromeDriver driver;
  private final Path profile;
  private final String base;
  private final List<String> requests = new ArrayList<>(); // "METHOD url", in the order sent
  private final List<String> console = new ArrayList<>();

  private ConsoleBrowser(ChromeDriver driver, Path profile, String base) {
    this.driver = driver;
    this.profile = profile;
    this.base = base;
  }

  /** Starts the browser for the console of the controller at {@code base} (http://host:port). */
  static ConsoleBrowser start(String base) {
    assertThat(Files.isExecutable(CHROMIUM))
        .as(
            "%s is needed by the console's browser tests: apt-get install chromium"
                + " chromium-driver (.ci/run does it)",
            CHROMIUM)
        .isTrue();
    assertThat(Files.isExecutable(CHROMEDRIVER))
        .as(
            "%s is needed by the console's browser tests: apt-get install chromium-driver"
                + " (.ci/run does it)",
            CHROMEDRIVER)
        .isTrue();
    // Selenium Manager stays offline: the driver and the browser are the ones named here
    System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
    System.setProperty("SE_OFFLINE", "true");
    Path profile;
    try {
      profile = Files.createTempDirectory("console-chromium-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox", // the tests run as root
        "--user-data-dir=" + profile,
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-default-apps",
        "--no-first-run",
        "--disable-dev-shm-usage",
        "--window-size=1280,800");
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.PERFORMANCE, Level.ALL);
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    ChromeDriverService service =
        new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).build();
    ChromeDriver driver = new ChromeDriver(service, options);
    driver.manage().window().setSize(new Dimension(1280, 800));
    driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(90));
    return new ConsoleBrowser(driver, profile, base);
  }

  ChromeDriver driver() {
    return driver;
  }

  /** Opens {@code path} of the controller (a full page load). */
  void open(String path) {
    driver.get(base + path);
  }

  /** Waits until {@code condition} holds, failing with {@code what} after {@code timeout}. */
  void await(String what, Duration timeout, java.util.function.BooleanSupplier condition) {
    // a view re-rendered by an event between finding an element and reading it is read again
    new WebDriverWait(driver, timeout)
        .withMessage(what)
        .pollingEvery(Duration.ofMillis(100))
        .ignoring(StaleElementReferenceException.class)
        .ignoring(NoSuchElementException.class)
        .until(d -> condition.getAsBoolean());
  }

  WebElement find(String css) {
    return driver.findElement(By.cssSelector(css));
  }

  List<WebElement> all(String css) {
    return driver.findElements(By.cssSelector(css));
  }

  Object js(String script, Object... args) {
    return ((JavascriptExecutor) driver).executeScript(script, args);
  }

  /** Every request the page sent so far, as "METHOD url", from Chrome's performance log. */
  List<String> requests() {
    drainLogs();
    return List.copyOf(requests);
  }

  /** How many GET requests to the REST API the page sent so far (the event stream excluded). */
  long apiReads() {
    return requests().stream()
        .filter(r -> r.startsWith("GET ") && r.contains("/api/") && !r.contains("/api/v1/events"))
        .count();
  }

  /** The console messages the page wrote so far (errors, warnings, CSP reports). */
  List<String> consoleMessages() {
    drainLogs();
    return List.copyOf(console);
  }

  private void drainLogs() {
    for (LogEntry e : driver.manage().logs().get(LogType.PERFORMANCE)) {
      JsonNode message = JSON.readTree(e.getMessage()).path("message");
      if ("Network.requestWillBeSent".equals(message.path("method").asString(""))) {
        JsonNode request = message.path("params").path("request");
        requests.add(request.path("method").asString("") + " " + request.path("url").asString(""));
      }
    }
    for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
      console.add(e.getLevel() + " " + e.getMessage());
    }
  }

  /**
   * axe-core's violations of impact serious or critical on the page as it is now; axe is injected
   * from the test's resources (never served by the controller).
   */
  List<String> seriousAxeViolations() {
    String axe;
    try (InputStream in = ConsoleBrowser.class.getResourceAsStream("/axe/axe.min.js")) {
      assertThat(in).as("axe/axe.min.js on the test class path").isNotNull();
      axe = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    js(axe + "\n;return true;");
    Object result =
        ((JavascriptExecutor) driver)
            .executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                    + "axe.run(document, {resultTypes: ['violations']})"
                    + ".then(r => done(JSON.stringify(r.violations.map(v => ({id: v.id,"
                    + " impact: v.impact, help: v.help,"
                    + " nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))})))))"
                    + ".catch(e => done('axe failed: ' + e));");
    String text = String.valueOf(result);
    assertThat(text).as("axe ran").startsWith("[");
    List<String> serious = new ArrayList<>();
    for (JsonNode v : JSON.readTree(text)) {
      String impact = v.path("impact").asString("");
      if (impact.equals("serious") || impact.equals("critical")) {
        serious.add(v.toString());
      }
    }
    return serious;
  }

  /** Writes a PNG of the window to {@code file}. */
  void screenshot(Path file) {
    try {
      Files.createDirectories(file.getParent());
      Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Parses a JSON answer the page or the API gave. */
  static JsonNode json(String text) {
    return JSON.readTree(text);
  }

  /** The session's storage of the page, as a map. */
  @SuppressWarnings("unchecked") // executeScript answers a JSON object as a Map
  Map<String, Object> sessionStorage() {
    return (Map<String, Object>) js("return Object.assign({}, sessionStorage);");
  }

  @Override
  public void close() {
    try {
      driver.quit();
    } finally {
      try (Stream<Path> files = Files.walk(profile)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException ignored) {
        // a profile left in the temp dir is harmless
      }
    }
  }
}
