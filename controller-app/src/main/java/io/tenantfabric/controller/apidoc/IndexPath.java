package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A GPU's index on its server, in the path. */
@Documented
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Parameter(
    description = "The GPU's index on its server, 0 to 63",
    schema = @Schema(type = "string", maxLength = 2, pattern = "^" + ApiParameters.GPU_INDEX + "$"))
public @interface IndexPath {}
