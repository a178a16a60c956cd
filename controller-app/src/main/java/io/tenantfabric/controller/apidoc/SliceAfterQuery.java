package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The {@code after} of a keyset slice: the id that ended the page before. */
@Documented
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Parameter(
    description = "Read on after this item: the nextAfter of the page before",
    schema =
        @Schema(
            type = "string",
            format = "uuid",
            maxLength = 36,
            pattern = ApiParameters.UUID_PATTERN))
public @interface SliceAfterQuery {}
