import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient, isTransient, retryTransient } from "./queryClient";

const failure = (code: Code) => new ConnectError("failed", code);

describe("retries of reads", () => {
  it.each([
    Code.NotFound,
    Code.PermissionDenied,
    Code.Unauthenticated,
    Code.InvalidArgument,
    Code.FailedPrecondition,
    Code.AlreadyExists,
    Code.Aborted,
    Code.ResourceExhausted,
    Code.Unimplemented,
    Code.Canceled,
  ])("never repeats a read the server answered with code %s", (code) => {
    expect(isTransient(failure(code))).toBe(false);
    expect(retryTransient(0, failure(code))).toBe(false);
  });

  it.each([Code.Unavailable, Code.DeadlineExceeded, Code.Internal, Code.Unknown])(
    "repeats a read once after the transient code %s",
    (code) => {
      expect(retryTransient(0, failure(code))).toBe(true);
      expect(retryTransient(1, failure(code))).toBe(false);
    },
  );

  it("repeats once a read that got no Connect answer at all", () => {
    expect(retryTransient(0, new TypeError("Failed to fetch"))).toBe(true);
    expect(retryTransient(1, new TypeError("Failed to fetch"))).toBe(false);
  });
});

describe("the query client", () => {
  const client = createQueryClient(() => undefined);
  afterEach(() => client.clear());

  const read = (error: Error) => {
    const queryFn = vi.fn(async () => {
      throw error;
    });
    // No delay between the tries, so the test need not wait for it.
    const result = client.fetchQuery({ queryKey: [error.message], queryFn, retryDelay: 0 });
    return { queryFn, result };
  };

  it("asks once for a record that is not there", async () => {
    const { queryFn, result } = read(new ConnectError("not-found", Code.NotFound));
    await expect(result).rejects.toThrow("not-found");
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it("asks twice when the server was unavailable", async () => {
    const { queryFn, result } = read(new ConnectError("unavailable", Code.Unavailable));
    await expect(result).rejects.toThrow("unavailable");
    expect(queryFn).toHaveBeenCalledTimes(2);
  });
});
