package io.tenantfabric.controller.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;

/** The committed OpenAPI document, where the build writes the served one, and how they compare. */
public final class OpenApiDocuments {

  /** The committed document, relative to the repository's root. */
  public static final String COMMITTED = "docs/openapi.json";

  private static final JsonMapper JSON =
      JsonMapper.builder()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(JsonNodeFeature.WRITE_PROPERTIES_SORTED)
          .build();

  private OpenApiDocuments() {}

  /** The repository's root: the module's parent, where Maven runs the module's tests. */
  public static Path repositoryRoot() {
    Path here = Path.of("").toAbsolutePath();
    return Files.exists(here.resolve(COMMITTED)) ? here : here.getParent();
  }

  /** The committed document's path. */
  public static Path committedPath() {
    return repositoryRoot().resolve(COMMITTED);
  }

  /** The committed document. */
  public static JsonNode committed() {
    try {
      return JSON.readTree(Files.readString(committedPath()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The build directory failsafe names, else the module's {@code target}. */
  public static Path buildDirectory() {
    return Path.of(System.getProperty("build.directory", "target"));
  }

  /** {@code document} as the committed file holds it: indented, keys sorted, a final newline. */
  public static String pretty(JsonNode document) {
    return JSON.writeValueAsString(document) + "\n";
  }

  /** Adds to {@code out} the JSON pointer of every place where {@code a} and {@code b} differ. */
  public static void differences(String at, JsonNode a, JsonNode b, List<String> out) {
    if (a == null || b == null || a.getNodeType() != b.getNodeType()) {
      out.add(at.isEmpty() ? "/" : at);
      return;
    }
    if (a.isObject()) {
      TreeSet<String> names = new TreeSet<>();
      a.properties().forEach(e -> names.add(e.getKey()));
      b.properties().forEach(e -> names.add(e.getKey()));
      for (String n : names) {
        differences(at + "/" + n.replace("~", "~0").replace("/", "~1"), a.get(n), b.get(n), out);
      }
    } else if (a.isArray()) {
      if (a.size() != b.size()) {
        out.add(at);
        return;
      }
      for (int i = 0; i < a.size(); i++) {
        differences(at + "/" + i, a.get(i), b.get(i), out);
      }
    } else if (!a.equals(b)) {
      out.add(at);
    }
  }
}
