package io.tenantfabric.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The ERROR lines the controller instances logged during a chaos run, by logger and message
 * (numbers and keys blanked so that one cause is one line): a fault the product rides without a
 * loss can still show a cause worth reading, such as a provisioning cycle that failed.
 */
final class ChaosLogs {
  private static final Pattern ERROR =
      Pattern.compile(
          "^\\S+\\s+ERROR \\d+ --- \\[[^\\]]*\\] \\[[^\\]]*\\] \\[[^\\]]*\\] (\\S+)\\s*: (.*)$");

  private ChaosLogs() {}

  /** Distinct causes with how often each was logged, in the instances' logs under {@code dir}. */
  static Map<String, Integer> errors(Path dir) throws IOException {
    Map<String, Integer> causes = new TreeMap<>();
    try (Stream<Path> logs = Files.list(dir)) {
      for (Path log :
          logs.filter(p -> p.getFileName().toString().startsWith("controller-")).toList()) {
        for (String line : Files.readAllLines(log)) {
          Matcher m = ERROR.matcher(line);
          if (m.matches()) {
            String message =
                m.group(2).replaceAll("SHA256:\\S+", "SHA256:...").replaceAll("(?<!SHA)\\d+", "N");
            String cause = m.group(1) + ": " + message;
            causes.merge(
                cause.length() > 160 ? cause.substring(0, 160) + "..." : cause, 1, Integer::sum);
          }
        }
      }
    }
    return causes;
  }

  static int total(Map<String, Integer> causes) {
    return causes.values().stream().mapToInt(Integer::intValue).sum();
  }

  static List<String> describe(Map<String, Integer> causes) {
    return causes.entrySet().stream()
        .map(e -> "controller ERROR x" + e.getValue() + ": " + e.getKey())
        .toList();
  }
}
