package io.tenantfabric.emulator.datastore;

import io.tenantfabric.emulator.xml.SafeXml;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Applies an edit-config {@code <config>} to a copy of a datastore: operation attribute inherited
 * downward, default-operation, test-option and error-option (RFC 6241 §7.2, comware-facts.md §2.4).
 * The caller decides what to do with the result.
 */
public final class EditEngine {
  private final Schema schema;
  private final Set<String> refusedModules;

  /** An engine that answers unknown-element for every module in {@code refusedModules}. */
  public EditEngine(Schema schema, Set<String> refusedModules) {
    this.schema = schema;
    this.refusedModules = Set.copyOf(refusedModules);
  }

  /**
   * Edits a copy of {@code target}; {@code configPath} is the XPath-like location of {@code config}
   * used in error messages (e.g. {@code /rpc/edit-config[1]/config[1]}).
   */
  public EditResult apply(
      Datastore target, Element config, EditOptions options, String configPath) {
    Datastore work = target.copy();
    List<NetconfError> errors = new ArrayList<>();
    boolean continueOnError = options.errorOption() == EditOptions.ErrorOption.CONTINUE_ON_ERROR;
    try {
      walkConfig(work, config, options, configPath, errors, continueOnError);
    } catch (RpcException e) {
      errors.addAll(e.errors());
    }
    if (options.testOption() == EditOptions.TestOption.TEST_ONLY) {
      return new EditResult(null, errors);
    }
    if (errors.isEmpty() || continueOnError) {
      return new EditResult(work, errors);
    }
    if (options.testOption() == EditOptions.TestOption.SET
        && options.errorOption() == EditOptions.ErrorOption.STOP_ON_ERROR) {
      // RFC 6241 §7.2 stop-on-error without a test phase: what was applied before the error stays.
      return new EditResult(work, errors);
    }
    return new EditResult(null, errors);
  }

  private void walkConfig(
      Datastore work,
      Element config,
      EditOptions options,
      String configPath,
      List<NetconfError> errors,
      boolean continueOnError)
      throws RpcException {
    Map<String, Integer> seen = new HashMap<>();
    for (Node n = config.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n.getNodeType() == Node.TEXT_NODE && !n.getTextContent().isBlank()) {
        throw new RpcException(
            NetconfError.application(
                    "invalid-value", "Configuration can not have a textual child element")
                .withPath(configPath));
      }
    }
    for (Element top : SafeXml.children(config)) {
      String topPath = configPath + "/" + top.getLocalName() + "[" + next(seen, top) + "]";
      if (!"top".equals(top.getLocalName()) || !Namespaces.isConfig(top.getNamespaceURI())) {
        throw new RpcException(
            NetconfError.unknownElement(
                "application", top.getNamespaceURI(), top.getLocalName(), configPath));
      }
      EditOperation topOp = operationOf(top, options.defaultOperation(), topPath);
      Map<String, Integer> seenModules = new HashMap<>();
      for (Element module : SafeXml.children(top)) {
        String name = module.getLocalName();
        String modulePath = topPath + "/" + name + "[" + next(seenModules, module) + "]";
        if (!schema.exposes(name) || refusedModules.contains(name)) {
          throw new RpcException(
              NetconfError.unknownElement("application", module.getNamespaceURI(), name, topPath));
        }
        EditOperation op = operationOf(module, topOp, modulePath);
        walk(work, module, name, List.of(), op, modulePath, errors, continueOnError);
      }
    }
  }

  private void walk(
      Datastore work,
      Element parent,
      String module,
      List<String> prefix,
      EditOperation inherited,
      String parentPath,
      List<NetconfError> errors,
      boolean continueOnError)
      throws RpcException {
    Map<String, Integer> seen = new HashMap<>();
    for (Element child : SafeXml.children(parent)) {
      String name = child.getLocalName();
      String path = parentPath + "/" + name + "[" + next(seen, child) + "]";
      List<String> here = new ArrayList<>(prefix);
      here.add(name);
      if (schema.tablesUnder(module, here).isEmpty()) {
        throw new RpcException(
            NetconfError.unknownElement("application", child.getNamespaceURI(), name, parentPath));
      }
      EditOperation op = operationOf(child, inherited, path);
      TableSpec table = schema.tableAt(module, here).orElse(null);
      if (table == null) {
        walk(work, child, module, here, op, path, errors, continueOnError);
        continue;
      }
      try {
        RowOps.apply(work, table, op, columnsOf(table, child, op, path), path);
      } catch (RpcException e) {
        if (!continueOnError) {
          throw e;
        }
        errors.addAll(e.errors());
      }
    }
  }

  private static Map<String, String> columnsOf(
      TableSpec table, Element row, EditOperation op, String rowPath) throws RpcException {
    Map<String, String> raw = new LinkedHashMap<>();
    boolean resetting = op == EditOperation.REMOVE || op == EditOperation.DELETE;
    Map<String, Integer> seen = new HashMap<>();
    for (Element c : SafeXml.children(row)) {
      String name = c.getLocalName();
      String path = rowPath + "/" + name + "[" + next(seen, c) + "]";
      if (table.groups().contains(name)) {
        List<Element> members = SafeXml.children(c);
        if (members.isEmpty() && resetting) {
          for (ColumnSpec g : table.groupColumns(name)) {
            raw.put(g.key(), "");
          }
        }
        for (Element m : members) {
          ColumnSpec spec = table.column(name + "/" + m.getLocalName()).orElse(null);
          if (spec == null) {
            throw new RpcException(
                NetconfError.unknownElement(
                    "application", m.getNamespaceURI(), m.getLocalName(), path));
          }
          raw.put(spec.key(), SafeXml.text(m));
        }
        continue;
      }
      ColumnSpec spec = table.topColumn(name).orElse(null);
      if (spec == null || spec.isState() || !SafeXml.children(c).isEmpty()) {
        throw new RpcException(
            NetconfError.unknownElement("application", c.getNamespaceURI(), name, rowPath));
      }
      raw.put(spec.key(), SafeXml.text(c));
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : raw.entrySet()) {
      boolean index = table.index().contains(e.getKey());
      if (resetting && !index) {
        out.put(e.getKey(), "");
        continue;
      }
      ColumnSpec spec = table.column(e.getKey()).orElseThrow();
      out.put(e.getKey(), spec.normalise(e.getValue(), rowPath));
    }
    return out;
  }

  private static EditOperation operationOf(Element e, EditOperation inherited, String path)
      throws RpcException {
    if (!e.hasAttributeNS(Namespaces.BASE, "operation")) {
      return inherited;
    }
    String text = e.getAttributeNS(Namespaces.BASE, "operation");
    EditOperation op = EditOperation.parse(text);
    if (op == null || op == EditOperation.NONE) {
      throw new RpcException(
          NetconfError.protocol("bad-attribute", "The operation '" + text + "' is invalid.")
              .withPath(path)
              .withInfo("bad-attribute", "operation")
              .withInfo("bad-element", e.getLocalName()));
    }
    return op;
  }

  private static int next(Map<String, Integer> seen, Element e) {
    return seen.merge(e.getLocalName(), 1, Integer::sum);
  }
}
