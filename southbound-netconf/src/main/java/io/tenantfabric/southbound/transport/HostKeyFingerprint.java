package io.tenantfabric.southbound.transport;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.util.Base64;
import java.util.regex.Pattern;
import org.apache.sshd.common.util.buffer.ByteArrayBuffer;

/** SHA-256 fingerprints in OpenSSH's format: {@code SHA256:} + unpadded base64 of the key blob. */
public final class HostKeyFingerprint {

  private static final Pattern FORMAT = Pattern.compile("SHA256:[A-Za-z0-9+/]{43}");

  private HostKeyFingerprint() {}

  /** The fingerprint of a public key as {@code ssh-keygen -lf} prints it. */
  public static String of(PublicKey key) {
    ByteArrayBuffer blob = new ByteArrayBuffer();
    blob.putRawPublicKey(key);
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(blob.getCompactData());
      return "SHA256:" + Base64.getEncoder().withoutPadding().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }

  /** Throws unless the text is a well-formed SHA256 fingerprint. */
  public static String requireFormat(String fingerprint) {
    if (fingerprint == null || !FORMAT.matcher(fingerprint).matches()) {
      throw new IllegalArgumentException(
          "host key fingerprint must look like SHA256:<43 base64 characters>, got " + fingerprint);
    }
    return fingerprint;
  }
}
