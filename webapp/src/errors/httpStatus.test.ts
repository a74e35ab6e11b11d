import { Code } from "@connectrpc/connect";
import { codeToHttpStatus } from "@connectrpc/connect/protocol-connect";
import { describe, expect, it } from "vitest";
import { httpStatusOf } from "./httpStatus";

const codes = Object.values(Code).filter((value): value is Code => typeof value === "number");

describe("httpStatusOf", () => {
  // The library's own table is internal API, so the app keeps a copy; this keeps the copy honest.
  it.each(codes)("matches the Connect protocol for code %s", (code) => {
    expect(httpStatusOf(code)).toBe(codeToHttpStatus(code));
  });
});
