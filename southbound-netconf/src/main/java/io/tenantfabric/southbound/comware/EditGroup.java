package io.tenantfabric.southbound.comware;

import java.util.ArrayList;
import java.util.List;

/**
 * Consecutive steps of a plan that go to the switch as one edit: one edit-config (their rows in one
 * {@code <top>}) or one CLI block. A group holds steps of one kind only, so its rows all sit in the
 * same table(s) with the same operation and none depends on another: {@link EditPlanner} emits the
 * steps of a phase kind by kind (every detach before any service removal, every service before any
 * attachment, ...), so an object is written in a later group than the one it depends on, as H3C's
 * own code sends dependent objects in separate edit-configs (comware-facts.md section 2.4).
 *
 * <p>Why: a batch that carries b changes to a leaf would otherwise send b edit-configs per kind,
 * each a device round trip; grouped, it sends one per kind whatever b is. At most {@link
 * #MAX_STEPS} steps per group, so that one message stays small and a refusal points at one of a few
 * rows.
 */
public record EditGroup(List<EditStep> steps) {
  /** A leaf's 64 server ports: one edit for a whole leaf's ports of one kind. */
  public static final int MAX_STEPS = 64;

  public EditGroup {
    steps = List.copyOf(steps);
    if (steps.isEmpty() || steps.size() > MAX_STEPS) {
      throw new IllegalArgumentException("a group holds 1 to " + MAX_STEPS + " steps");
    }
    Class<?> kind = steps.get(0).getClass();
    for (EditStep s : steps) {
      if (s.getClass() != kind) {
        throw new IllegalArgumentException(
            "a group holds one kind of step: " + kind.getSimpleName() + " and " + s.describe());
      }
    }
  }

  /** The plan's steps as groups, in the plan's order: each run of one kind, cut at MAX_STEPS. */
  public static List<EditGroup> of(List<EditStep> plan) {
    List<EditGroup> groups = new ArrayList<>();
    List<EditStep> run = new ArrayList<>();
    for (EditStep s : plan) {
      if (!run.isEmpty() && (run.get(0).getClass() != s.getClass() || run.size() == MAX_STEPS)) {
        groups.add(new EditGroup(run));
        run = new ArrayList<>();
      }
      run.add(s);
    }
    if (!run.isEmpty()) {
      groups.add(new EditGroup(run));
    }
    return List.copyOf(groups);
  }

  /** The Comware module the group writes (every step's). */
  public ComwareFeature feature() {
    return steps.get(0).feature();
  }

  /** The first step's text, and how many more there are. */
  public String describe() {
    String first = steps.get(0).describe();
    return steps.size() == 1 ? first : first + " and " + (steps.size() - 1) + " more of its kind";
  }
}
