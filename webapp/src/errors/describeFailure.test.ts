import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { ErrorDetailSchema, type ErrorDetail } from "../gen/portal/v1/errors_pb";
import { describeFailure } from "./describeFailure";

type DetailInit = Partial<Pick<ErrorDetail, "messageKey" | "params" | "entityName">> & {
  fieldErrors?: { objectName?: string; field: string; message: string }[];
};

/** A Connect error as the portal sends it: a code, a text and its ErrorDetail. */
function portalError(code: Code, detail?: DetailInit, message = "server text") {
  const details = detail ? [{ desc: ErrorDetailSchema, value: detail }] : undefined;
  return new ConnectError(message, code, undefined, details);
}

const texts = (outcome: ReturnType<typeof describeFailure>) =>
  outcome.kind === "notify" ? outcome.messages.map((message) => message.text) : [];

describe("describeFailure (spec 1 §8)", () => {
  describe("status 0: no answer", () => {
    it.each([
      ["a failed fetch", new TypeError("Failed to fetch")],
      ["a failed fetch wrapped by Connect", ConnectError.from(new TypeError("Failed to fetch"))],
      ["a gateway answering for the portal", new ConnectError("bad gateway", Code.Unavailable)],
    ])("says the server is not reachable for %s", (_, error) => {
      expect(texts(describeFailure(error))).toEqual([{ id: "error.server.not.reachable" }]);
    });

    it("shows the portal's own message when the portal itself says it is unavailable", () => {
      const error = portalError(Code.Unavailable, { messageKey: "error.http.503" });
      expect(texts(describeFailure(error))).toEqual([{ id: "error.http.503", values: {} }]);
    });
  });

  describe("400", () => {
    it("shows the app error with its entity name", () => {
      const detail = { messageKey: "error.idexists", entityName: "customer", params: { id: "7" } };
      const outcome = describeFailure(portalError(Code.InvalidArgument, detail));
      expect(texts(outcome)).toEqual([{ id: detail.messageKey, values: { ...detail.params, entityName: "customer" } }]);
    });

    it("shows one 'Error on field' message per field error, keyed error.{rule}", () => {
      const fieldErrors = [
        { field: "login", message: "required" },
        { field: "email", message: "email" },
      ];
      const outcome = describeFailure(
        portalError(Code.InvalidArgument, { messageKey: "error.validation", fieldErrors }),
      );
      expect(outcome).toEqual({
        kind: "notify",
        messages: fieldErrors.map(({ field, message }) => ({
          title: { id: "error.field", values: { fieldName: field } },
          text: { id: `error.${message}`, values: { fieldName: field } },
        })),
      });
    });

    it.each(["Min", "Max", "DecimalMin", "DecimalMax"])("shows the rule %s as Size (spec 1 §5)", (rule) => {
      const fieldErrors = [{ field: "weight", message: rule }];
      const [text] = texts(describeFailure(portalError(Code.InvalidArgument, { fieldErrors })));
      expect(text.id).toBe("error.Size");
    });

    it("falls back to the generic validation text for a rule the catalogs do not know", () => {
      const fieldErrors = [{ field: "weight", message: "FutureRule" }];
      const [text] = texts(describeFailure(portalError(Code.InvalidArgument, { fieldErrors })));
      expect(text.id).toBe("error.validation");
    });

    it.each([Code.InvalidArgument, Code.FailedPrecondition, Code.OutOfRange])(
      "shows the message key with its params otherwise (code %s)",
      (code) => {
        const detail = { messageKey: "error.validation", params: { limit: "50" } };
        expect(texts(describeFailure(portalError(code, detail)))).toEqual([
          { id: detail.messageKey, values: detail.params },
        ]);
      },
    );

    it("shows the server's text when the catalogs do not know its key yet", () => {
      const error = portalError(Code.InvalidArgument, { messageKey: "error.brand.new" }, "Brand new rule");
      expect(texts(describeFailure(error))).toEqual([{ id: "error.message", values: { message: "Brand new rule" } }]);
    });

    it("shows the generic text for a 400 without the portal's detail", () => {
      expect(texts(describeFailure(portalError(Code.InvalidArgument)))).toEqual([{ id: "error.http.400" }]);
    });
  });

  it("says 'Not found' for 404, whatever the server wrote", () => {
    const error = portalError(Code.NotFound, { messageKey: "error.validation" });
    expect(texts(describeFailure(error))).toEqual([{ id: "error.url.not.found" }]);
  });

  describe("401 and 403", () => {
    const signOut = { kind: "signOut", message: { text: { id: "login.error.unauthorized" } } };

    it("stays silent on 401 from the session probe", () => {
      const error = portalError(Code.Unauthenticated);
      expect(describeFailure(error, { unauthenticatedIsExpected: true })).toEqual({ kind: "silent" });
    });

    it("signs out on 401 anywhere else", () => {
      expect(describeFailure(portalError(Code.Unauthenticated))).toEqual(signOut);
    });

    it.each([false, true])("signs out on 403 (session probe: %s)", (unauthenticatedIsExpected) => {
      expect(describeFailure(portalError(Code.PermissionDenied), { unauthenticatedIsExpected })).toEqual(signOut);
    });
  });

  describe("other statuses", () => {
    it("shows the server's message key with its params", () => {
      const detail = { messageKey: "error.http.429", params: { seconds: "30" } };
      expect(texts(describeFailure(portalError(Code.ResourceExhausted, detail)))).toEqual([
        { id: detail.messageKey, values: detail.params },
      ]);
    });

    it.each([
      ["an unexpected fault", Code.Unknown, "error.internal"],
      ["a server-side time-out", Code.DeadlineExceeded, "error.timeout"],
    ])("translates the portal's key for %s instead of showing it raw", (_, code, messageKey) => {
      expect(texts(describeFailure(portalError(code, { messageKey }, messageKey)))).toEqual([
        { id: messageKey, values: {} },
      ]);
    });

    it("shows the generic text of the status when the answer has no detail", () => {
      expect(texts(describeFailure(portalError(Code.Internal)))).toEqual([{ id: "error.http.500" }]);
    });

    it("shows the server's text when it sends a key the catalogs do not know", () => {
      const error = portalError(Code.DataLoss, { messageKey: "" }, "disk gone");
      expect(texts(describeFailure(error))).toEqual([{ id: "error.message", values: { message: "disk gone" } }]);
    });
  });

  it("stays silent when the page itself cancelled the call", () => {
    expect(describeFailure(new ConnectError("aborted", Code.Canceled))).toEqual({ kind: "silent" });
  });

  it.each([
    ["an error thrown by code", new Error("boom")],
    ["a thrown string", "boom"],
    ["nothing", undefined],
  ])("says 'Unknown error!' for %s", (_, error) => {
    expect(texts(describeFailure(error))).toEqual([{ id: "error.unknown" }]);
  });
});
