package io.tenantfabric.emulator.control;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.cabling.Server;
import io.tenantfabric.emulator.device.SwitchDevice;
import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * HTTP control API on the loopback interface (docs/emulator.md): {@code GET /devices}, {@code GET
 * /devices/{name}/running}, {@code POST|DELETE /devices/{name}/faults}, {@code POST
 * /devices/{name}/install|stop|start|cli|wipe|day0}, {@code GET|POST /devices/{name}/cables},
 * {@code GET /servers[/{name}]}, {@code POST /servers/{name}/lldp}; client mistakes get a 4xx JSON
 * {@code {"error": ...}}. Requests must name the API as their Host and send JSON to change anything
 * ({@link LocalRequestRules}); no answer carries the SSH password.
 */
public final class ControlServer implements AutoCloseable {
  private static final int MAX_BODY = 1024 * 1024;

  /** Handler threads: several, so that a few slow clients cannot stop the whole API. */
  static final int THREADS = 8;

  /**
   * Seconds a request may take from its first byte to the end of the response; then the JDK closes
   * the connection, which also frees a handler thread stuck reading a slow body.
   */
  static final int REQUEST_SECONDS = 10;

  static {
    // The JDK's HTTP server has no per-server timeout: these properties are read once per JVM,
    // when its first HttpServer is created. Set only when the user has not chosen a value.
    setIfAbsent("sun.net.httpserver.maxReqTime", Integer.toString(REQUEST_SECONDS));
    setIfAbsent("sun.net.httpserver.maxRspTime", Integer.toString(REQUEST_SECONDS));
  }

  private static void setIfAbsent(String key, String value) {
    if (System.getProperty(key) == null) {
      System.setProperty(key, value);
    }
  }

  private final EmulatedFabric fabric;
  private final ObjectMapper json = new ObjectMapper();
  private final HttpServer http;
  private final ExecutorService executor;

  private ControlServer(EmulatedFabric fabric, int port) throws IOException {
    this.fabric = fabric;
    this.http =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
    this.executor =
        Executors.newFixedThreadPool(
            THREADS,
            r -> {
              Thread t = new Thread(r, "emu-control");
              t.setDaemon(true);
              return t;
            });
    http.setExecutor(executor);
    http.createContext("/", this::handle);
  }

  /** Starts the API on 127.0.0.1:{@code port} (0 = ephemeral). */
  public static ControlServer start(EmulatedFabric fabric, int port) throws IOException {
    ControlServer s = new ControlServer(fabric, port);
    s.http.start();
    return s;
  }

  public int port() {
    return http.getAddress().getPort();
  }

  private void handle(HttpExchange ex) throws IOException {
    try {
      LocalRequestRules.checkHost(ex.getRequestHeaders().get("Host"), port());
      LocalRequestRules.checkContentType(
          ex.getRequestMethod(), ex.getRequestHeaders().getFirst("Content-Type"));
      route(ex);
    } catch (ApiError e) {
      sendJson(ex, e.status(), error(e.getMessage()));
    } catch (RuntimeException e) {
      sendJson(ex, 500, error("internal error: " + e));
    } finally {
      ex.close();
    }
  }

  private void route(HttpExchange ex) throws IOException, ApiError {
    String path = ex.getRequestURI().getPath();
    String method = ex.getRequestMethod();
    String[] parts = LocalRequestRules.trimTrailingSlashes(path).split("/");
    // parts[0] is "" (leading slash)
    if (parts.length >= 2 && parts[1].equals("servers")) {
      servers(ex, method, parts, path);
      return;
    }
    if (parts.length < 2 || !parts[1].equals("devices")) {
      throw new ApiError(404, "no such resource: " + path);
    }
    if (parts.length == 2) {
      requireMethod(method, "GET");
      sendJson(ex, 200, devicesJson());
      return;
    }
    SwitchDevice d = device(parts[2]);
    if (parts.length == 3) {
      requireMethod(method, "GET");
      sendJson(ex, 200, deviceJson(d));
      return;
    }
    if (parts.length != 4) {
      throw new ApiError(404, "no such resource: " + path);
    }
    if (parts[3].equals("install")) {
      requireMethod(method, "POST");
      try {
        fabric.install(d.name());
      } catch (IllegalStateException e) {
        throw new ApiError(409, e.getMessage());
      }
      sendJson(ex, 200, deviceJson(d));
      return;
    }
    if (!d.installed() && !parts[3].equals("cables")) {
      throw new ApiError(
          409, d.name() + " is not installed; POST /devices/" + d.name() + "/install installs it");
    }
    switch (parts[3]) {
      case "running" -> {
        requireMethod(method, "GET");
        send(ex, 200, "application/xml; charset=utf-8", d.runningXml());
      }
      case "faults" -> faults(ex, method, d);
      case "stop" -> {
        requireMethod(method, "POST");
        d.stop();
        sendJson(ex, 200, deviceJson(d));
      }
      case "start" -> {
        requireMethod(method, "POST");
        d.start();
        sendJson(ex, 200, deviceJson(d));
      }
      case "cli" -> {
        requireMethod(method, "POST");
        JsonNode body = body(ex);
        JsonNode lines = body.get("lines");
        if (lines == null || !lines.isArray() || lines.isEmpty()) {
          throw new ApiError(400, "field 'lines' must be a non-empty array of strings");
        }
        List<String> l = new ArrayList<>();
        for (JsonNode n : lines) {
          if (!n.isString()) {
            throw new ApiError(400, "field 'lines' must contain only strings");
          }
          l.add(n.asString());
        }
        JsonFields.rejectUnknown(body, "", "lines");
        send(ex, 200, "text/plain; charset=utf-8", d.cli(l));
      }
      case "cables" -> cables(ex, method, d);
      case "wipe" -> {
        requireMethod(method, "POST");
        d.wipe();
        sendJson(ex, 200, deviceJson(d));
      }
      case "day0" -> {
        requireMethod(method, "POST");
        try {
          d.day0();
        } catch (IllegalStateException e) {
          throw new ApiError(409, e.getMessage());
        }
        sendJson(ex, 200, deviceJson(d));
      }
      default -> throw new ApiError(404, "no such resource: " + path);
    }
  }

  /** GET the switch's cables; POST moves, crosses or pulls them (all or nothing) and GETs. */
  private void cables(HttpExchange ex, String method, SwitchDevice d) throws IOException, ApiError {
    if (method.equals("POST")) {
      JsonNode body = body(ex);
      try {
        fabric.cable(CableJson.changes(d.name(), body));
      } catch (NoSuchElementException e) {
        throw new ApiError(404, e.getMessage());
      } catch (IllegalArgumentException e) {
        throw new ApiError(400, e.getMessage());
      }
    } else {
      requireMethod(method, "GET");
    }
    sendJson(ex, 200, CableJson.cablesOf(json, d.name(), d.layout().ports(), fabric.cables()));
  }

  /** {@code GET /servers}, {@code GET /servers/{name}}, {@code POST /servers/{name}/lldp}. */
  private void servers(HttpExchange ex, String method, String[] parts, String path)
      throws IOException, ApiError {
    if (parts.length == 2) {
      requireMethod(method, "GET");
      ObjectNode root = json.createObjectNode();
      ArrayNode list = root.putArray("servers");
      for (Server s : fabric.cables().servers()) {
        list.add(CableJson.server(json, s, fabric.cables()));
      }
      sendJson(ex, 200, root);
      return;
    }
    Server s;
    try {
      s = fabric.cables().server(parts[2]);
    } catch (NoSuchElementException e) {
      throw new ApiError(404, "no server named '" + parts[2] + "'");
    }
    if (parts.length == 3) {
      requireMethod(method, "GET");
    } else if (parts.length == 4 && parts[3].equals("lldp")) {
      requireMethod(method, "POST");
      JsonNode body = body(ex);
      JsonFields.rejectUnknown(body, "", "enabled");
      s = fabric.cables().serverLldp(s.name(), JsonFields.bool(body, "", "enabled"));
    } else {
      throw new ApiError(404, "no such resource: " + path);
    }
    sendJson(ex, 200, CableJson.server(json, s, fabric.cables()));
  }

  private void faults(HttpExchange ex, String method, SwitchDevice d) throws IOException, ApiError {
    if (method.equals("DELETE")) {
      d.clearFaults();
      ex.sendResponseHeaders(204, -1);
      return;
    }
    if (method.equals("GET")) {
      sendJson(ex, 200, deviceJson(d));
      return;
    }
    requireMethod(method, "POST");
    JsonNode body = body(ex);
    JsonFields.rejectUnknown(body, "", "type", "count", "delayMs", "forMs");
    JsonNode type = body.get("type");
    if (type == null || !type.isString()) {
      throw new ApiError(400, "field 'type' is required: one of " + List.of(FaultType.values()));
    }
    FaultType t;
    try {
      t = FaultType.valueOf(type.asString());
    } catch (IllegalArgumentException e) {
      throw new ApiError(400, "field 'type' must be one of " + List.of(FaultType.values()));
    }
    int count = intField(body, "count", 1, 0, 1_000_000);
    long delay = intField(body, "delayMs", 0, 0, 600_000);
    long lasts = intField(body, "forMs", 0, 0, (int) Fault.MAX_FOR_MS);
    try {
      d.injectFault(new Fault(t, count, delay, lasts));
    } catch (IllegalArgumentException e) {
      throw new ApiError(400, e.getMessage());
    }
    sendJson(ex, 201, deviceJson(d));
  }

  private static int intField(JsonNode body, String name, int fallback, int min, int max)
      throws ApiError {
    JsonNode n = body.get(name);
    if (n == null || n.isNull()) {
      return fallback;
    }
    if (!n.isIntegralNumber() || n.asLong() < min || n.asLong() > max) {
      throw new ApiError(400, "field '" + name + "' must be an integer " + min + ".." + max);
    }
    return n.asInt();
  }

  private JsonNode body(HttpExchange ex) throws IOException, ApiError {
    byte[] bytes;
    try (InputStream in = ex.getRequestBody()) {
      bytes = in.readNBytes(MAX_BODY + 1);
    }
    if (bytes.length > MAX_BODY) {
      throw new ApiError(413, "body larger than " + MAX_BODY + " bytes");
    }
    try {
      JsonNode n = json.readTree(bytes);
      if (n == null || !n.isObject()) {
        throw new ApiError(400, "body must be a JSON object");
      }
      return n;
    } catch (JacksonException e) {
      throw new ApiError(400, "malformed JSON: " + e.getOriginalMessage());
    }
  }

  private SwitchDevice device(String name) throws ApiError {
    try {
      return (SwitchDevice) fabric.device(name);
    } catch (NoSuchElementException e) {
      throw new ApiError(404, "no emulated switch named '" + name + "'");
    }
  }

  private static void requireMethod(String actual, String expected) throws ApiError {
    if (!actual.equals(expected)) {
      throw new ApiError(405, "method " + actual + " not allowed here, use " + expected);
    }
  }

  private ObjectNode devicesJson() {
    ObjectNode root = json.createObjectNode();
    ArrayNode list = root.putArray("devices");
    for (EmulatedDevice d : fabric.devices()) {
      list.add(deviceJson((SwitchDevice) d));
    }
    return root;
  }

  /**
   * A switch as the API shows it; one not installed has no address, key, unit or configuration to
   * show, so those fields are left out rather than made up.
   */
  private ObjectNode deviceJson(SwitchDevice d) {
    ObjectNode n = json.createObjectNode();
    n.put("name", d.name());
    n.put("role", d.role());
    n.put("installed", d.installed());
    if (d.installed()) {
      n.put("host", d.host());
      n.put("port", d.port());
      // No password: a page that got past the Host check must still not learn it;
      // the inventory file (mode 0600) has it.
      n.put("username", fabric.options().username());
      n.put("hostKeySha256", d.hostKeySha256());
      n.put("serialNumber", d.serialNumber());
      n.put("hostName", d.hostName());
      n.put("day0", d.day0Applied());
    }
    n.put("profile", d.profile().cliName());
    n.put("listening", d.listening());
    ArrayNode faults = n.putArray("faults");
    for (Fault f : d.faults()) {
      ObjectNode o = faults.addObject();
      o.put("type", f.type().name());
      o.put("count", f.count());
      o.put("delayMs", f.delayMs());
      o.put("forMs", f.forMs());
    }
    return n;
  }

  private ObjectNode error(String message) {
    ObjectNode n = json.createObjectNode();
    n.put("error", message);
    return n;
  }

  private void sendJson(HttpExchange ex, int status, JsonNode body) throws IOException {
    send(ex, status, "application/json", json.writeValueAsString(body));
  }

  private static void send(HttpExchange ex, int status, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", type);
    ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    if (bytes.length > 0) {
      try (OutputStream out = ex.getResponseBody()) {
        out.write(bytes);
      }
    }
  }

  @Override
  public void close() {
    http.stop(0);
    executor.shutdownNow();
  }
}
