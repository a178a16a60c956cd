package io.tenantfabric.emulator.datastore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Copies share tables until one side changes them: neither side ever sees the other's change. */
class DatastoreCopyTest {
  private static final Schema SCHEMA = ComwareSchema.get();
  private static final TableSpec VSI = SCHEMA.table(ComwareSchema.VSI);
  private static final TableSpec GROUP = SCHEMA.table(ComwareSchema.ACL_GROUP);

  private static Row vsi(String name) {
    Row r = new Row();
    r.put("VsiName", name);
    return r;
  }

  private static Row group(String index) {
    Row r = new Row();
    r.put("GroupType", "1");
    r.put("GroupIndex", index);
    return r;
  }

  private static List<String> vsiNames(Datastore ds) {
    return ds.rows(VSI).stream().map(r -> r.get("VsiName")).toList();
  }

  @Test
  void aCopyAndItsSourceChangeIndependently() {
    Datastore source = new Datastore(SCHEMA);
    source.put(VSI, vsi("t-a"));
    source.put(GROUP, group("t-a-in"));
    Datastore copy = source.copy();

    copy.put(VSI, vsi("t-b"));
    source.remove(VSI, List.of("t-a"));
    source.put(VSI, vsi("t-c"));
    copy.remove(GROUP, List.of("1", "t-a-in"));

    assertThat(vsiNames(source)).containsExactly("t-c");
    assertThat(vsiNames(copy)).containsExactly("t-a", "t-b");
    assertThat(source.rows(GROUP)).hasSize(1);
    assertThat(copy.rows(GROUP)).isEmpty();
  }

  @Test
  void aCopyOfACopyStaysApartFromBoth() {
    Datastore first = new Datastore(SCHEMA);
    first.put(VSI, vsi("t-a"));
    Datastore second = first.copy();
    Datastore third = second.copy();

    third.put(VSI, vsi("t-b"));
    second.put(VSI, vsi("t-c"));
    first.put(VSI, vsi("t-d"));

    assertThat(vsiNames(first)).containsExactly("t-a", "t-d");
    assertThat(vsiNames(second)).containsExactly("t-a", "t-c");
    assertThat(vsiNames(third)).containsExactly("t-a", "t-b");
  }

  @Test
  void restoringFromAStoreLeavesThatStoreUntouchedByLaterChanges() {
    Datastore saved = new Datastore(SCHEMA);
    saved.put(VSI, vsi("t-a"));
    Datastore running = new Datastore(SCHEMA);
    running.put(VSI, vsi("t-x"));

    running.restoreFrom(saved);
    running.put(VSI, vsi("t-b"));

    assertThat(vsiNames(saved)).containsExactly("t-a");
    assertThat(vsiNames(running)).containsExactly("t-a", "t-b");
    assertThat(running).isNotEqualTo(saved);
  }

  @Test
  void aStoredRowIsFrozenAndItsCopyIsNot() {
    Datastore ds = new Datastore(SCHEMA);
    Row stored = vsi("t-a");
    ds.put(VSI, stored);

    assertThatThrownBy(() -> stored.put("VsiName", "t-z"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("shared");
    Row changed = stored.copy();
    changed.put("Description", "changed");
    assertThat(ds.row(VSI, List.of("t-a")).orElseThrow().get("Description")).isNull();
  }
}
