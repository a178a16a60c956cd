package io.tenantfabric.controller.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** Writes a problem straight to the servlet response, for filters that answer before MVC. */
@Component
public class ProblemResponseWriter {

  private final JsonMapper json;

  ProblemResponseWriter(JsonMapper json) {
    this.json = json;
  }

  /** Writes a {@code status} problem with title and detail and commits the response. */
  public void write(
      HttpServletRequest request,
      HttpServletResponse response,
      HttpStatusCode status,
      String title,
      String detail)
      throws IOException {
    write(request, response, Problems.of(status, title, detail, request));
  }

  /** Writes {@code problem} and commits the response. */
  public void write(HttpServletRequest request, HttpServletResponse response, ProblemDetail problem)
      throws IOException {
    response.setStatus(problem.getStatus());
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    response.setCharacterEncoding("UTF-8");
    json.writeValue(response.getOutputStream(), problem);
    response.flushBuffer();
  }
}
