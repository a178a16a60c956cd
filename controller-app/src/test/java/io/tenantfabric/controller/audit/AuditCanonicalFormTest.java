package io.tenantfabric.controller.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.db.audit.AuditChainRow;
import org.junit.jupiter.api.Test;

class AuditCanonicalFormTest {

  static AuditChainRow row(String target, String details) {
    return row(target, details, null, null, 1);
  }

  static AuditChainRow row(
      String target, String details, String tenant, String tenantId, int form) {
    return new AuditChainRow(
        1L,
        1795979596754270L,
        null,
        null,
        "a.b",
        "t",
        target,
        tenant,
        tenantId,
        null,
        "SUCCESS",
        details,
        "0".repeat(64),
        null,
        form);
  }

  @Test
  void canonicalFormLengthPrefixesFieldsAndMarksNulls() {
    assertThat(AuditCanonicalForm.canonical(row("x", "{\"a\": [1, 2], \"b\": 1}")))
        .isEqualTo(
            "tf-audit-v1\n1:1\n16:1795979596754270\n-\n-\n3:a.b\n1:t\n1:x\n-\n-\n7:SUCCESS\n"
                + "21:{\"a\": [1, 2], \"b\": 1}\n64:"
                + "0".repeat(64));
  }

  @Test
  void hashMatchesWhatPostgresComputedForTheSameRow() {
    // PostgreSQL 15 normalised the stored '{"b":1,"a":[1,2]}' to the details text used here
    assertThat(AuditCanonicalForm.hash(row("x", "{\"a\": [1, 2], \"b\": 1}")))
        .isEqualTo(SQL_HASH_OF_GOLDEN_ROW);
  }

  @Test
  void lengthsAreUtf8BytesSoNoValueCanImitateAFieldBoundary() {
    assertThat(AuditCanonicalForm.canonical(row("ü", "{}"))).contains("\n2:ü\n");
    assertThat(AuditCanonicalForm.hash(row("x\n1:y", "{}")))
        .isNotEqualTo(AuditCanonicalForm.hash(row("x", "{}")));
    assertThat(AuditCanonicalForm.canonical(row(null, "{}")))
        .isNotEqualTo(AuditCanonicalForm.canonical(row("-", "{}")));
  }

  @Test
  void formTwoAddsTheTenantIdAfterTheTenantName() {
    assertThat(AuditCanonicalForm.canonical(row("x", "{}", "acme", "42", 2)))
        .startsWith("tf-audit-v2\n")
        .contains("\n4:acme\n2:42\n-\n7:SUCCESS\n");
    assertThat(AuditCanonicalForm.hash(row("x", "{\"a\": [1, 2], \"b\": 1}", "acme", "42", 2)))
        .isEqualTo(SQL_HASH_OF_GOLDEN_ROW_FORM_2);
  }

  // SELECT encode(sha256(convert_to(audit_event_canonical(ROW(1, to_timestamp(1795979596.754270),
  //   NULL, NULL, 'a.b', 't', 'x', NULL, NULL, 'SUCCESS', '{"b":1,"a":[1,2]}'::jsonb,
  //   repeat('0',64), repeat('0',64), NULL, 1)::audit_events), 'UTF8')), 'hex');
  // (the same value V3's form-1-only function gave before migration V4)
  static final String SQL_HASH_OF_GOLDEN_ROW =
      "f0d63909c9b00f06f5d0b9e72b6c553b06631dea67bdbca55d4d12d74fd42c93";

  // the same row with tenant 'acme', tenant_id 42 and form 2 (columns tenant_id, form last)
  static final String SQL_HASH_OF_GOLDEN_ROW_FORM_2 =
      "1a6ac6ed48a77df1bf402792daf6fe568a49176a258d7cb676faab94e5d8d294";
}
