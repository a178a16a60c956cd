package io.tenantfabric.model.testing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The diff a failed golden comparison shows: changed lines with three lines of context. */
class LineDiffTest {

  @Test
  void changedLineShowsWithItsContextAndPosition() {
    String golden = "a\nb\nc\nd\ne\nf\ng\nh\n";
    String actual = "a\nb\nc\nd\nE\nf\ng\nh\n";

    assertThat(LineDiff.unified(golden, actual))
        .isEqualTo("@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n");
  }

  @Test
  void insertedLineShiftsNothingElse() {
    assertThat(LineDiff.unified("a\nb\nc\n", "a\nb\nnew\nc\n"))
        .isEqualTo("@@ -1,3 +1,4 @@\n a\n b\n+new\n c\n");
  }

  @Test
  void missingFinalNewlineIsShown() {
    assertThat(LineDiff.unified("a\n", "a"))
        .isEqualTo("@@ -1,1 +1,1 @@\n-a\n+a \\ (no newline at end)\n");
  }

  @Test
  void distantChangesGoInSeparateHunks() {
    StringBuilder golden = new StringBuilder();
    for (int i = 1; i <= 20; i++) {
      golden.append(i).append('\n');
    }
    String actual = golden.toString().replace("\n2\n", "\ntwo\n").replace("\n19\n", "\nnineteen\n");

    assertThat(LineDiff.unified(golden.toString(), actual))
        .startsWith("@@ -1,5 +1,5 @@\n 1\n-2\n+two\n 3\n")
        .contains("@@ -16,5 +16,5 @@\n 16\n 17\n 18\n-19\n+nineteen\n 20\n");
  }
}
