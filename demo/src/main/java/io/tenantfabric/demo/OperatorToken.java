package io.tenantfabric.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;

/**
 * The demo's OPERATOR token, kept {@code 0600} in the data directory and reused on the next start:
 * the controller creates its bootstrap token only while no usable OPERATOR token exists, so a new
 * random one on every start would lock the next run out.
 */
final class OperatorToken {
  static final String PREFIX = "tf_demo_";
  private static final Set<PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rw-------");

  private OperatorToken() {}

  /** The token in {@code file}, made (32 random bytes, url-safe base64) if there is none. */
  static String readOrCreate(Path file) throws IOException, DemoException {
    if (!Files.exists(file)) {
      byte[] random = new byte[32];
      new SecureRandom().nextBytes(random);
      String token = PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(random);
      try {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        Files.writeString(file, token + "\n", StandardCharsets.US_ASCII);
        return token;
      } catch (FileAlreadyExistsException e) {
        // another start made it first: read theirs
      }
    }
    if (!Files.getPosixFilePermissions(file).equals(OWNER_ONLY)) {
      // an OPERATOR secret readable by others: narrow it rather than go on with it as it is
      Files.setPosixFilePermissions(file, OWNER_ONLY);
    }
    String token = Files.readString(file, StandardCharsets.US_ASCII).strip();
    if (token.length() < 32 || !token.matches("[A-Za-z0-9._~+/-]+=*")) {
      throw new DemoException(
          file
              + " does not hold a usable token (at least 32 bearer-token characters): delete it"
              + " and a new one is made, or put the OPERATOR token of this database in it");
    }
    return token;
  }

  /**
   * Writes {@code token} as an HTTP header line into {@code file} ({@code 0600}), for curl to read
   * the header from the file: the token then never appears on a command line, which {@code ps}
   * shows to every user.
   */
  static void writeHeader(Path file, String token) throws IOException {
    Files.deleteIfExists(file);
    Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
    Files.writeString(file, "Authorization: Bearer " + token + "\n", StandardCharsets.US_ASCII);
  }
}
