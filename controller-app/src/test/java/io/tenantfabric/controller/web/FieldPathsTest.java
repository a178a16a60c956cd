package io.tenantfabric.controller.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;

class FieldPathsTest {

  @Test
  void propertiesAreDottedAndIndexesBracketed() {
    assertThat(
            FieldPaths.of(
                List.of(
                    new JacksonException.Reference(null, "devices"),
                    new JacksonException.Reference(null, 0),
                    new JacksonException.Reference(null, "host"))))
        .isEqualTo("devices[0].host");
  }

  @Test
  void rootIsEmpty() {
    assertThat(FieldPaths.of(List.of())).isEmpty();
  }

  @Test
  void singlePropertyIsItsName() {
    assertThat(FieldPaths.of(List.of(new JacksonException.Reference(null, "gpus"))))
        .isEqualTo("gpus");
  }
}
