package io.tenantfabric.controller.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class QueryStringsTest {

  @Test
  void parsesRepeatedEncodedAndEmptyValuesInOrder() {
    Map<String, String[]> p = QueryStrings.parse("a=1&b=x%2Fy&a=2&flag&c=&d=a+b");
    assertThat(p.keySet()).containsExactly("a", "b", "flag", "c", "d");
    assertThat(p.get("a")).containsExactly("1", "2");
    assertThat(p.get("b")).containsExactly("x/y");
    assertThat(p.get("flag")).containsExactly("");
    assertThat(p.get("c")).containsExactly("");
    assertThat(p.get("d")).containsExactly("a b");
  }

  @Test
  void dropsOnlyThePairThatDoesNotDecode() {
    Map<String, String[]> p = QueryStrings.parse("bad=%zz&good=1&&");
    assertThat(p).containsOnlyKeys("good");
  }

  @Test
  void noQueryMeansNoParameters() {
    assertThat(QueryStrings.parse(null)).isEmpty();
    assertThat(QueryStrings.parse("")).isEmpty();
  }
}
