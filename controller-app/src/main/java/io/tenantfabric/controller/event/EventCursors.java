package io.tenantfabric.controller.event;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The stream's opaque cursors (the SSE {@code id:}): a position sealed with AES-256-GCM under the
 * key all instances share, a random 96-bit nonce each time (NIST SP 800-38D §8.2.2), and the
 * token's id as associated data, so that a cursor tells nothing of the position (no count of the
 * platform's activity from gaps) and opens only for the token it was given to.
 */
final class EventCursors {

  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;
  private static final int POSITION_BYTES = 16;
  private static final int SEALED_BYTES = NONCE_BYTES + POSITION_BYTES + TAG_BITS / 8;
  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

  private final SecretKey key;
  private final SecureRandom random;

  EventCursors(byte[] key, SecureRandom random) {
    if (key.length != 32) {
      throw new IllegalArgumentException("the cursor key is 32 bytes, not " + key.length);
    }
    this.key = new SecretKeySpec(key.clone(), "AES");
    this.random = random;
  }

  /** The cursor of {@code position} for the stream of token {@code tokenId}. */
  String seal(EventPosition position, UUID tokenId) {
    byte[] nonce = new byte[NONCE_BYTES];
    random.nextBytes(nonce);
    byte[] plain =
        ByteBuffer.allocate(POSITION_BYTES).putLong(position.xid()).putLong(position.seq()).array();
    try {
      Cipher c = cipher(Cipher.ENCRYPT_MODE, nonce, tokenId);
      byte[] sealed = c.doFinal(plain);
      return ENCODER.encodeToString(
          ByteBuffer.allocate(SEALED_BYTES).put(nonce).put(sealed).array());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM is not available", e);
    }
  }

  /**
   * The position a cursor of token {@code tokenId} holds; empty when it is malformed, was given to
   * another token, was sealed under another key or was altered.
   */
  Optional<EventPosition> open(String cursor, UUID tokenId) {
    byte[] bytes;
    try {
      bytes = DECODER.decode(cursor.strip());
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
    if (bytes.length != SEALED_BYTES) {
      return Optional.empty();
    }
    byte[] nonce = new byte[NONCE_BYTES];
    System.arraycopy(bytes, 0, nonce, 0, NONCE_BYTES);
    try {
      Cipher c = cipher(Cipher.DECRYPT_MODE, nonce, tokenId);
      ByteBuffer plain = ByteBuffer.wrap(c.doFinal(bytes, NONCE_BYTES, bytes.length - NONCE_BYTES));
      long xid = plain.getLong();
      long seq = plain.getLong();
      if (xid < 0 || seq < 0) {
        return Optional.empty();
      }
      return Optional.of(new EventPosition(xid, seq));
    } catch (GeneralSecurityException e) {
      // AEADBadTagException: not this token's, not this key's, or altered
      return Optional.empty();
    }
  }

  private Cipher cipher(int mode, byte[] nonce, UUID tokenId) throws GeneralSecurityException {
    Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
    c.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
    c.updateAAD(
        ByteBuffer.allocate(16)
            .putLong(tokenId.getMostSignificantBits())
            .putLong(tokenId.getLeastSignificantBits())
            .array());
    return c;
  }
}
