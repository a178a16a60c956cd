package io.tenantfabric.model.placement;

import java.util.Arrays;

/** The servers picked so far for one placement decision, with the rules for picking the next. */
final class Selection {

  private final FreeMap free;
  private final int groups;
  private final boolean[] used;
  private final boolean[] preferredGroup;
  private final int[] wholeLeft;
  private int[] chosen = new int[16];
  private int count;

  Selection(FreeMap free, int groups) {
    this.free = free;
    this.groups = groups;
    this.used = new boolean[free.servers];
    this.preferredGroup = new boolean[groups];
    this.wholeLeft = new int[groups];
    for (int s = 0; s < free.servers; s++) {
      if (free.whole(s)) {
        wholeLeft[free.railGroup[s]]++;
      }
    }
  }

  int taken() {
    return count;
  }

  int[] chosenGpuIndexes() {
    return Arrays.copyOf(chosen, count);
  }

  /** Takes up to {@code servers} whole servers, rail group with most whole servers first. */
  void takeWholeServers(int servers) {
    int remaining = servers;
    while (remaining > 0) {
      int group = groupWithMostWhole();
      if (group < 0) {
        return;
      }
      for (int s = 0; s < free.servers && remaining > 0; s++) {
        if (!used[s] && free.railGroup[s] == group && free.whole(s)) {
          take(s, free.gpusPerServer);
          remaining--;
        }
      }
    }
  }

  /** Places the last {@code gpus} (fewer than a server, or more if whole servers ran out). */
  void fillRemainder(int gpus) {
    int remaining = gpus;
    while (remaining > 0) {
      int fit = bestFitPartial(remaining);
      if (fit >= 0) {
        take(fit, remaining);
        return;
      }
      int largest = largestPartial();
      if (largest >= 0) {
        remaining -= take(largest, free.freeCount[largest]);
        continue;
      }
      int whole = wholeToBreak();
      if (whole < 0) {
        throw new IllegalStateException("free count and servers disagree: " + remaining + " left");
      }
      remaining -= take(whole, Math.min(remaining, free.gpusPerServer));
    }
  }

  private boolean partial(int s) {
    return !used[s] && free.freeCount[s] > 0 && free.freeCount[s] < free.gpusPerServer;
  }

  /** Partial server with the smallest free count >= need; preferred rail groups first. */
  private int bestFitPartial(int need) {
    int best = -1;
    int bestPreferred = -1;
    for (int s = 0; s < free.servers; s++) {
      if (!partial(s) || free.freeCount[s] < need) {
        continue;
      }
      if (best < 0 || free.freeCount[s] < free.freeCount[best]) {
        best = s;
      }
      if (preferredGroup[free.railGroup[s]]
          && (bestPreferred < 0 || free.freeCount[s] < free.freeCount[bestPreferred])) {
        bestPreferred = s;
      }
    }
    return bestPreferred >= 0 ? bestPreferred : best;
  }

  /** Partial server with the most free GPUs; preferred rail groups win ties. */
  private int largestPartial() {
    int best = -1;
    for (int s = 0; s < free.servers; s++) {
      if (!partial(s)) {
        continue;
      }
      if (best < 0
          || free.freeCount[s] > free.freeCount[best]
          || (free.freeCount[s] == free.freeCount[best]
              && preferredGroup[free.railGroup[s]]
              && !preferredGroup[free.railGroup[best]])) {
        best = s;
      }
    }
    return best;
  }

  /**
   * A whole server to split: in a preferred rail group if possible, else in the group with fewest
   * whole servers.
   */
  private int wholeToBreak() {
    int best = -1;
    for (int s = 0; s < free.servers; s++) {
      if (used[s] || !free.whole(s)) {
        continue;
      }
      if (best < 0 || better(s, best)) {
        best = s;
      }
    }
    return best;
  }

  private boolean better(int s, int best) {
    boolean sPreferred = preferredGroup[free.railGroup[s]];
    boolean bestPreferred = preferredGroup[free.railGroup[best]];
    if (sPreferred != bestPreferred) {
      return sPreferred;
    }
    return wholeLeft[free.railGroup[s]] < wholeLeft[free.railGroup[best]];
  }

  private int groupWithMostWhole() {
    int best = -1;
    for (int g = 0; g < groups; g++) {
      if (wholeLeft[g] > 0 && (best < 0 || wholeLeft[g] > wholeLeft[best])) {
        best = g;
      }
    }
    return best;
  }

  /** Takes up to {@code gpus} usable GPUs of the server, lowest index first; returns how many. */
  private int take(int server, int gpus) {
    used[server] = true;
    int group = free.railGroup[server];
    preferredGroup[group] = true;
    if (free.whole(server)) {
      wholeLeft[group]--;
    }
    int base = server * free.gpusPerServer;
    int took = 0;
    for (int i = 0; i < free.gpusPerServer && took < gpus; i++) {
      if (!free.unusable[base + i]) {
        if (count == chosen.length) {
          chosen = Arrays.copyOf(chosen, chosen.length * 2);
        }
        chosen[count++] = base + i;
        took++;
      }
    }
    return took;
  }
}
