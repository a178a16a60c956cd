package io.tenantfabric.controller.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SseFramesTest {

  @Test
  void anEventIsIdTypeAndOneDataLineThenABlankLine() {
    assertThat(SseFrames.event("c1", "switch", "{\"name\": \"leaf-01\"}"))
        .isEqualTo("id: c1\nevent: switch\ndata: {\"name\": \"leaf-01\"}\n\n");
  }

  @Test
  void aResetCarriesAnEmptyObject() {
    assertThat(SseFrames.reset("c2")).isEqualTo("id: c2\nevent: reset\ndata: {}\n\n");
  }

  @Test
  void heartbeatsAreComments() {
    assertThat(SseFrames.HEARTBEAT).startsWith(":").endsWith("\n\n");
    assertThat(SseFrames.OPEN).startsWith(":").endsWith("\n\n");
  }

  @Test
  void aLineBreakInAFieldIsRefused() {
    assertThatThrownBy(() -> SseFrames.event("c", "allocation", "{}\ndata: forged"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SseFrames.event("c\r", "allocation", "{}"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
