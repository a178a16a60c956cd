package io.tenantfabric.controller.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EventCursorsTest {

  static final byte[] KEY = new byte[32];
  static final UUID TOKEN = UUID.fromString("3f0c6a9e-1b2c-4d5e-8f90-123456789abc");
  static final EventPosition POSITION = new EventPosition(4_294_967_301L, 77);

  final EventCursors cursors = new EventCursors(KEY, new SecureRandom());

  @Test
  void aCursorOpensToItsPositionForItsToken() {
    assertThat(cursors.open(cursors.seal(POSITION, TOKEN), TOKEN)).contains(POSITION);
  }

  @Test
  void aCursorOpensForNoOtherToken() {
    String cursor = cursors.seal(POSITION, TOKEN);
    assertThat(cursors.open(cursor, UUID.randomUUID())).isEmpty();
  }

  @Test
  void aCursorSealedUnderAnotherKeyDoesNotOpen() {
    byte[] other = new byte[32];
    other[0] = 1;
    String cursor = new EventCursors(other, new SecureRandom()).seal(POSITION, TOKEN);
    assertThat(cursors.open(cursor, TOKEN)).isEmpty();
  }

  @Test
  void anyAlteredByteIsRefused() {
    byte[] sealed = Base64.getUrlDecoder().decode(cursors.seal(POSITION, TOKEN));
    for (int i = 0; i < sealed.length; i++) {
      byte[] tampered = sealed.clone();
      tampered[i] ^= 0x01;
      String cursor = Base64.getUrlEncoder().withoutPadding().encodeToString(tampered);
      assertThat(cursors.open(cursor, TOKEN)).as("byte %d altered", i).isEmpty();
    }
  }

  @Test
  void junkIsRefused() {
    assertThat(cursors.open("", TOKEN)).isEmpty();
    assertThat(cursors.open("not a cursor!", TOKEN)).isEmpty();
    assertThat(cursors.open("AAAA", TOKEN)).isEmpty();
  }

  @Test
  void theSamePositionSealsDifferentlyEachTime() {
    String a = cursors.seal(POSITION, TOKEN);
    String b = cursors.seal(POSITION, TOKEN);
    assertThat(a).isNotEqualTo(b).hasSameSizeAs(b);
    assertThat(cursors.seal(new EventPosition(1, 1), TOKEN)).hasSameSizeAs(a);
  }
}
