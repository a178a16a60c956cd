package io.tenantfabric.controller.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.idempotency.RequestHash;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * An Idempotency-Key's request hash is over the body as parsed, so that the same request in other
 * whitespace is the same request, and any other value is another.
 */
class RequestHashTest {

  private final JsonMapper json = JsonMapper.builder().build();

  private String hashOf(String body) {
    return RequestHash.of(json.readValue(body, AllocateRequest.class), json);
  }

  @Test
  void theSameBodyInOtherWhitespaceHashesTheSame() {
    assertThat(hashOf("{\"gpus\":8}")).isEqualTo(hashOf("{\n  \"gpus\" : 8\n}\n"));
  }

  @Test
  void anotherValueHashesOtherwise() {
    assertThat(hashOf("{\"gpus\":8}")).isNotEqualTo(hashOf("{\"gpus\":16}"));
  }

  @Test
  void theHashIsSha256OfTheCanonicalTextInLowerCaseHex() {
    // printf '{"gpus":8}' | sha256sum
    assertThat(hashOf("{ \"gpus\": 8 }"))
        .isEqualTo("b1a03c0ec0327f771713364d9dc42b6e4cb6599e64e9228aa259a2dbef86ba38");
  }
}
