package io.tenantfabric.controller.database;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;

/**
 * Hikari's eviction verdict for {@code read_only_sql_transaction} (25006): a pooled connection
 * whose server was demoted to a standby, or fenced read-only, without dropping its sessions answers
 * every write so, and would keep doing it for as long as the pool keeps it. Evicting it makes the
 * next borrow open a connection where the URL's {@code targetServerType=primary} finds the primary.
 * Everything else keeps Hikari's own rules (SQL state class 08, 57P01..57P03, ...). Named by {@code
 * spring.datasource.hikari.exception-override-class-name}; Hikari makes it with its public
 * no-argument constructor.
 */
public class ReadOnlyServerEviction implements SQLExceptionOverride {

  // java.lang.Override in full: the interface's nested enum Override shadows it in here
  @java.lang.Override
  public SQLExceptionOverride.Override adjudicate(SQLException e) {
    return "25006".equals(e.getSQLState())
        ? SQLExceptionOverride.Override.MUST_EVICT
        : SQLExceptionOverride.Override.CONTINUE_EVICT;
  }
}
