package io.tenantfabric.controller.apidoc;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A GPU id in one path segment: {@code <server>:<index>}. */
@Documented
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Parameter(
    description = "The GPU's id with a colon for its slash: <server>:<index>, like gpu-node-001:0",
    schema = @Schema(type = "string", maxLength = 66, pattern = ApiParameters.GPU_PATTERN))
public @interface GpuPath {}
