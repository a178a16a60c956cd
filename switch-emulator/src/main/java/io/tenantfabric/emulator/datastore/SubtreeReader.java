package io.tenantfabric.emulator.datastore;

import io.tenantfabric.emulator.xml.SafeXml;
import io.tenantfabric.emulator.xml.XmlBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * RFC 6241 §6 subtree filtering over Comware tables (selection, containment, content-match, H3C
 * {@code regExp}), plus get-bulk paging with {@code xc:count} (comware-facts.md §2.5). Reads
 * whatever datastore it is given; callers pass a snapshot when the filter {@link #usesRegExp}, so
 * that no device lock is held while patterns are matched.
 */
public final class SubtreeReader {
  /**
   * CPU time all regExp matching of one read may take. An ordinary pattern over a leaf's tables
   * needs well under a millisecond; a runaway one is stopped with operation-failed.
   */
  public static final Duration REGEXP_BUDGET = Duration.ofMillis(100);

  /** The selected rows of each table by index tuple, in the order first selected. */
  private final Map<TableSpec, LinkedHashMap<List<String>, Pick>> selection = new LinkedHashMap<>();

  /**
   * A selected row (kept, so that rendering need not look it up again) and the column keys to
   * output of it; null means every column. The set is shared by the rows of one row filter and
   * never changed: adding columns to a row replaces its pick.
   */
  private record Pick(Row row, Set<String> columns) {}

  /**
   * Rows by the value of one column ({@link #valueOf}; null never indexed), in table order, built
   * the first time a row filter of this read matches on that column. A filter with one row element
   * per port (the controller's IfIndex resolve: 32-64 of them) would otherwise scan the whole table
   * for each; with the index each costs a lookup.
   */
  private final Map<TableSpec, Map<String, Map<String, List<Row>>>> byValue = new HashMap<>();

  private final Datastore ds;
  private final ReadRequest request;
  private final MatchBudget budget;

  private SubtreeReader(Datastore ds, ReadRequest request, Duration regExpBudget) {
    this.ds = ds;
    this.request = request;
    this.budget = MatchBudget.of(regExpBudget);
  }

  /**
   * The {@code <top>} element selected by {@code filterTops} (null = whole datastore) as XML, or an
   * empty string when nothing matches; {@code filterPath} locates the filter in error messages.
   */
  public static String read(
      Datastore ds, List<Element> filterTops, ReadRequest request, String filterPath)
      throws RpcException {
    return read(ds, filterTops, request, filterPath, REGEXP_BUDGET);
  }

  /**
   * True when any element under {@code filterTops} carries a {@code regExp} attribute: the only
   * filter whose cost is not linear in the filter and the datastore.
   */
  public static boolean usesRegExp(List<Element> filterTops) {
    for (Element top : filterTops) {
      NodeList all = top.getElementsByTagNameNS("*", "*");
      for (int i = -1; i < all.getLength(); i++) {
        Element e = i < 0 ? top : (Element) all.item(i);
        if (e.hasAttributeNS(Namespaces.H3C_BASE, "regExp")
            || e.hasAttributeNS(Namespaces.HP_BASE, "regExp")) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@link #read} with another regExp budget (tests use zero to see the limit answer). */
  static String read(
      Datastore ds,
      List<Element> filterTops,
      ReadRequest request,
      String filterPath,
      Duration regExpBudget)
      throws RpcException {
    try {
      return new SubtreeReader(ds, request, regExpBudget).select(filterTops, filterPath);
    } catch (RegExpTimeoutException e) {
      throw new RpcException(
          NetconfError.application(
                  "operation-failed",
                  "The regExp filter was abandoned after "
                      + e.budget().toMillis()
                      + " ms of matching; use a simpler pattern.")
              .withInfo("bad-attribute", "regExp"));
    }
  }

  private String select(List<Element> filterTops, String filterPath) throws RpcException {
    if (filterTops == null) {
      for (TableSpec t : ds.schema().tables()) {
        if (ds.schema().exposes(t.module()) && !request.refusedModules().contains(t.module())) {
          selectAll(t, null);
        }
      }
    } else {
      Map<String, Integer> seen = new HashMap<>();
      for (Element top : filterTops) {
        int n = seen.merge(top.getLocalName(), 1, Integer::sum);
        String topPath = filterPath + "/" + top.getLocalName() + "[" + n + "]";
        if (!"top".equals(top.getLocalName()) || !Namespaces.isTop(top.getNamespaceURI())) {
          throw new RpcException(
              NetconfError.unknownElement(
                  "application", top.getNamespaceURI(), top.getLocalName(), filterPath));
        }
        filterTop(top, topPath);
      }
    }
    return render();
  }

  private void filterTop(Element top, String topPath) throws RpcException {
    Schema schema = ds.schema();
    Map<String, Integer> seen = new HashMap<>();
    for (Element module : SafeXml.children(top)) {
      String name = module.getLocalName();
      String path = topPath + "/" + name + "[" + seen.merge(name, 1, Integer::sum) + "]";
      if (!schema.exposes(name) || request.refusedModules().contains(name)) {
        throw new RpcException(
            NetconfError.unknownElement("application", module.getNamespaceURI(), name, topPath));
      }
      Integer count = countOf(module, null);
      if (SafeXml.children(module).isEmpty()) {
        for (TableSpec t : schema.tablesUnder(name, List.of())) {
          selectAll(t, count);
        }
        continue;
      }
      walk(module, name, List.of(), path, count);
    }
  }

  private void walk(
      Element parent, String module, List<String> prefix, String parentPath, Integer count)
      throws RpcException {
    Map<String, Integer> seen = new HashMap<>();
    for (Element child : SafeXml.children(parent)) {
      String name = child.getLocalName();
      String path = parentPath + "/" + name + "[" + seen.merge(name, 1, Integer::sum) + "]";
      List<String> here = new ArrayList<>(prefix);
      here.add(name);
      // A table's own row element (one per row filter) needs no search of the tables under it.
      TableSpec table = ds.schema().tableAt(module, here).orElse(null);
      List<TableSpec> under =
          table != null ? List.of(table) : ds.schema().tablesUnder(module, here);
      if (under.isEmpty()) {
        throw new RpcException(
            NetconfError.unknownElement("application", child.getNamespaceURI(), name, parentPath));
      }
      Integer c = countOf(child, count);
      if (table != null) {
        selectRows(table, child, path, c);
      } else if (SafeXml.children(child).isEmpty()) {
        for (TableSpec t : under) {
          selectAll(t, c);
        }
      } else {
        walk(child, module, here, path, c);
      }
    }
  }

  private Integer countOf(Element e, Integer inherited) throws RpcException {
    String v = e.getAttributeNS(Namespaces.H3C_BASE, "count");
    if (v.isEmpty()) {
      v = e.getAttributeNS(Namespaces.HP_BASE, "count");
    }
    if (v.isEmpty()) {
      return inherited;
    }
    try {
      int n = Integer.parseInt(v.trim());
      if (n < 1) {
        throw new NumberFormatException(v);
      }
      return n;
    } catch (NumberFormatException ex) {
      throw new RpcException(
          NetconfError.protocol("bad-attribute", "The count '" + v + "' is invalid.")
              .withInfo("bad-attribute", "count")
              .withInfo("bad-element", e.getLocalName()));
    }
  }

  private void selectAll(TableSpec t, Integer count) {
    int taken = 0;
    for (Row row : ds.rows(t)) {
      if (request.bulk() && count != null && taken >= count) {
        break;
      }
      add(t, row, null);
      taken++;
    }
  }

  private void selectRows(TableSpec t, Element rowFilter, String rowPath, Integer count)
      throws RpcException {
    Map<String, String> match = new LinkedHashMap<>();
    Map<String, RegExpFilter> regex = new LinkedHashMap<>();
    Set<String> selected = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (Element c : SafeXml.children(rowFilter)) {
      String name = c.getLocalName();
      String path = rowPath + "/" + name + "[" + seen.merge(name, 1, Integer::sum) + "]";
      if (t.groups().contains(name)) {
        List<Element> members = SafeXml.children(c);
        if (members.isEmpty()) {
          for (ColumnSpec g : t.groupColumns(name)) {
            selected.add(g.key());
          }
        }
        for (Element m : members) {
          ColumnSpec spec = t.column(name + "/" + m.getLocalName()).orElse(null);
          if (spec == null) {
            throw new RpcException(
                NetconfError.unknownElement(
                    "application", m.getNamespaceURI(), m.getLocalName(), path));
          }
          classify(spec, m, match, regex, selected);
        }
        continue;
      }
      ColumnSpec spec = t.topColumn(name).orElse(null);
      if (spec == null || !SafeXml.children(c).isEmpty()) {
        throw new RpcException(
            NetconfError.unknownElement("application", c.getNamespaceURI(), name, rowPath));
      }
      classify(spec, c, match, regex, selected);
    }
    // ds.rows is a live view, read without a copy: nothing changes the store during a read.
    Collection<Row> candidates;
    Map<String, String> conditions = new LinkedHashMap<>(match);
    if (request.bulk()) {
      List<String> start = new ArrayList<>();
      for (String i : t.index()) {
        if (!match.containsKey(i)) {
          break;
        }
        start.add(match.get(i));
        conditions.remove(i);
      }
      candidates = start.isEmpty() ? ds.rows(t) : ds.rowsAfter(t, start);
    } else if (!match.isEmpty()) {
      // Only rows with the first match value can match; matches() below checks the others.
      String key = match.keySet().iterator().next();
      candidates = rowsWhere(t, key, conditions.remove(key));
    } else {
      candidates = ds.rows(t);
    }
    Set<String> columns = null;
    if (!selected.isEmpty()) {
      columns = new LinkedHashSet<>(t.index());
      columns.addAll(match.keySet());
      columns.addAll(selected);
    }
    int taken = 0;
    for (Row row : candidates) {
      if (request.bulk() && count != null && taken >= count) {
        break;
      }
      if (matches(t, row, conditions, regex)) {
        add(t, row, columns);
        taken++;
      }
    }
  }

  /** The rows of {@code t} whose {@link #valueOf} {@code key} equals {@code value}, in order. */
  private List<Row> rowsWhere(TableSpec t, String key, String value) {
    Map<String, List<Row>> index =
        byValue.computeIfAbsent(t, k -> new HashMap<>()).computeIfAbsent(key, k -> index(t, k));
    return index.getOrDefault(value, List.of());
  }

  private Map<String, List<Row>> index(TableSpec t, String key) {
    Map<String, List<Row>> index = new HashMap<>();
    for (Row row : ds.rows(t)) {
      String v = valueOf(t, row, key);
      if (v != null) {
        index.computeIfAbsent(v, k -> new ArrayList<>(1)).add(row);
      }
    }
    return index;
  }

  private static void classify(
      ColumnSpec spec,
      Element e,
      Map<String, String> match,
      Map<String, RegExpFilter> regex,
      Set<String> selected)
      throws RpcException {
    String re = e.getAttributeNS(Namespaces.H3C_BASE, "regExp");
    if (re.isEmpty()) {
      re = e.getAttributeNS(Namespaces.HP_BASE, "regExp");
    }
    if (!re.isEmpty()) {
      regex.put(spec.key(), RegExpFilter.compile(re, e.getLocalName()));
      selected.add(spec.key());
      return;
    }
    String text = SafeXml.text(e);
    if (text.isEmpty()) {
      selected.add(spec.key());
    } else {
      match.put(spec.key(), text);
    }
  }

  private boolean matches(
      TableSpec t, Row row, Map<String, String> match, Map<String, RegExpFilter> regex) {
    for (Map.Entry<String, String> m : match.entrySet()) {
      String actual = valueOf(t, row, m.getKey());
      if (!m.getValue().equals(actual)) {
        return false;
      }
    }
    for (Map.Entry<String, RegExpFilter> m : regex.entrySet()) {
      String actual = valueOf(t, row, m.getKey());
      if (actual == null || !m.getValue().find(actual, budget)) {
        return false;
      }
    }
    return true;
  }

  private String valueOf(TableSpec t, Row row, String key) {
    ColumnSpec c = t.column(key).orElseThrow();
    if (c.isState()) {
      return request.includeState() ? c.derive().apply(row) : null;
    }
    return row.get(key);
  }

  /** Selects {@code columns} of {@code row} (null = all); the caller never changes the set. */
  private void add(TableSpec t, Row row, Set<String> columns) {
    LinkedHashMap<List<String>, Pick> rows =
        selection.computeIfAbsent(t, k -> new LinkedHashMap<>());
    List<String> key = t.keyOf(row);
    Pick have = rows.get(key);
    if (have == null) {
      rows.put(key, new Pick(row, columns));
      return;
    }
    if (have.columns() == null) {
      return;
    }
    if (columns == null) {
      rows.put(key, new Pick(row, null));
    } else if (!have.columns().containsAll(columns)) {
      Set<String> union = new LinkedHashSet<>(have.columns());
      union.addAll(columns);
      rows.put(key, new Pick(row, union));
    }
  }

  private String render() {
    if (selection.isEmpty()) {
      return "";
    }
    XmlBuilder x = new XmlBuilder().start("top").attr("xmlns", request.namespace());
    Schema schema = ds.schema();
    for (String module : schema.modules()) {
      List<TableSpec> tables = new ArrayList<>();
      for (TableSpec t : schema.tablesOf(module)) {
        if (selection.containsKey(t)) {
          tables.add(t);
        }
      }
      if (tables.isEmpty()) {
        continue;
      }
      x.start(module);
      for (TableSpec t : tables) {
        renderTable(x, t, selection.get(t));
      }
      x.end();
    }
    return x.end().toString();
  }

  private void renderTable(XmlBuilder x, TableSpec t, LinkedHashMap<List<String>, Pick> rows) {
    List<String> containers = t.path().subList(0, t.path().size() - 1);
    for (String c : containers) {
      x.start(c);
    }
    for (Pick p : rows.values()) {
      x.start(t.rowElement());
      renderColumns(x, t, p.row(), p.columns(), request.includeState());
      x.end();
    }
    for (int i = 0; i < containers.size(); i++) {
      x.end();
    }
  }

  /** Writes the columns of {@code row} in schema order (groups nested); null = all columns. */
  static void renderColumns(XmlBuilder x, TableSpec t, Row row, Set<String> only, boolean state) {
    String openGroup = null;
    for (ColumnSpec c : t.columns()) {
      if (only != null && !only.contains(c.key())) {
        continue;
      }
      String value = c.isState() ? (state ? c.derive().apply(row) : null) : row.get(c.key());
      if (value == null) {
        continue;
      }
      if (openGroup != null && !openGroup.equals(c.group())) {
        x.end();
        openGroup = null;
      }
      if (c.group() != null && openGroup == null) {
        x.start(c.group());
        openGroup = c.group();
      }
      x.leaf(c.name(), value);
    }
    if (openGroup != null) {
      x.end();
    }
  }
}
