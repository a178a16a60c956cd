package io.tenantfabric.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a unified GC log ({@code -Xlog:gc:file=...:uptime}): the most heap in use before any
 * collection within a window of the JVM's uptime, i.e. the peak the heap had to hold.
 */
final class GcLog {
  private static final Pattern PAUSE =
      Pattern.compile("^\\[(\\d+\\.\\d+)s\\].*?(\\d+)M->(\\d+)M\\((\\d+)M\\)");

  private GcLog() {}

  /** The peak heap in MiB seen by collections between {@code from} and {@code to} seconds. */
  static double peakMib(Path log, double from, double to) throws IOException {
    double peak = 0;
    for (String line : Files.readAllLines(log)) {
      Matcher m = PAUSE.matcher(line);
      if (m.find()) {
        double at = Double.parseDouble(m.group(1));
        if (at >= from && at <= to) {
          peak = Math.max(peak, Double.parseDouble(m.group(2)));
        }
      }
    }
    return peak;
  }
}
