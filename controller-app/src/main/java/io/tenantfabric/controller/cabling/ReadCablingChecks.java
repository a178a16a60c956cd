package io.tenantfabric.controller.cabling;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.lifecycle.CablingCheckStore;
import java.util.UUID;
import org.springframework.stereotype.Component;

/** Reads one cabling check by id (404 when unknown). */
@Component
class ReadCablingChecks {

  private final CablingCheckStore checks;
  private final Transactions tx;

  ReadCablingChecks(CablingCheckStore checks, Transactions tx) {
    this.checks = checks;
    this.tx = tx;
  }

  CablingCheckView one(UUID id) {
    return tx.read(
        () ->
            checks
                .find(id)
                .map(CablingCheckViews::of)
                .orElseThrow(
                    () ->
                        Refusal.notFound(
                            "Cabling check not found", "There is no cabling check " + id + ".")));
  }
}
