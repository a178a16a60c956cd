package io.tenantfabric.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Passwords the demo generated for the database roles it makes, kept {@code 0600} in the data
 * directory as {@code name=password} lines and reused by every later start: a role made with a
 * password keeps it, so a new one at every start would lock the next start out.
 */
final class KeptPasswords {
  private static final Set<PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rw-------");

  private final Map<String, String> passwords;
  private final Set<String> made;

  private KeptPasswords(Map<String, String> passwords, Set<String> made) {
    this.passwords = passwords;
    this.made = made;
  }

  /**
   * The passwords named {@code names} in {@code file}, each made (32 random bytes, url-safe base64:
   * nothing that needs quoting) and added to the file if it is not there yet.
   */
  static KeptPasswords readOrCreate(Path file, List<String> names) throws IOException {
    Map<String, String> all = new LinkedHashMap<>();
    if (Files.exists(file)) {
      if (!Files.getPosixFilePermissions(file).equals(OWNER_ONLY)) {
        // database credentials readable by others: narrow them rather than go on as it is
        Files.setPosixFilePermissions(file, OWNER_ONLY);
      }
      for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
        int eq = line.indexOf('=');
        if (!line.startsWith("#") && eq > 0) {
          all.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
        }
      }
    }
    List<String> made = new ArrayList<>();
    for (String name : names) {
      String kept = all.get(name);
      if (kept == null || !kept.matches("[A-Za-z0-9_-]{32,}")) {
        all.put(name, generate());
        made.add(name);
      }
    }
    if (!made.isEmpty()) {
      write(file, all);
    }
    return new KeptPasswords(Map.copyOf(all), Set.copyOf(made));
  }

  /** The password named {@code name}. */
  String get(String name) {
    String p = passwords.get(name);
    if (p == null) {
      throw new IllegalArgumentException("no kept password named " + name);
    }
    return p;
  }

  /** Whether this start made the password named {@code name} (no role has it yet). */
  boolean madeNow(String name) {
    return made.contains(name);
  }

  private static String generate() {
    byte[] random = new byte[32];
    new SecureRandom().nextBytes(random);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(random);
  }

  // written beside the file with owner-only permissions from the start, then moved over it
  private static void write(Path file, Map<String, String> all) throws IOException {
    StringBuilder text =
        new StringBuilder("# made by the tenant-fabric demo; the database roles have these\n");
    all.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
    Path tmp =
        Files.createTempFile(
            file.getParent(),
            ".passwords",
            ".tmp",
            PosixFilePermissions.asFileAttribute(OWNER_ONLY));
    try {
      Files.writeString(tmp, text, StandardCharsets.US_ASCII);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
