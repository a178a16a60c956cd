package io.tenantfabric.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class DatabaseChoiceTest {

  @Test
  void aConfiguredUrlIsUsedEvenWhenALocalServerAnswers() {
    assertThat(
            DatabaseChoice.choose(
                Optional.of("jdbc:postgresql://db:5432/tf"), OptionalInt.of(5432), p -> true))
        .isEqualTo(new DatabaseChoice.Configured("jdbc:postgresql://db:5432/tf"));
  }

  @Test
  void withoutAUrlALocalServerThatAnswersIsUsed() {
    assertThat(DatabaseChoice.choose(Optional.empty(), OptionalInt.of(5432), p -> p == 5432))
        .isEqualTo(new DatabaseChoice.LocalServer(5432));
  }

  @Test
  void withoutAUrlOrAnAnsweringLocalServerTheDatabaseIsEmbedded() {
    assertThat(DatabaseChoice.choose(Optional.empty(), OptionalInt.of(5432), p -> false))
        .isEqualTo(new DatabaseChoice.Embedded());
  }

  @Test
  void noLocalPortMeansEmbeddedWithoutLooking() {
    assertThat(
            DatabaseChoice.choose(
                Optional.empty(),
                OptionalInt.empty(),
                p -> {
                  throw new AssertionError("probed " + p);
                }))
        .isEqualTo(new DatabaseChoice.Embedded());
  }
}
