import { ConnectError, Code } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorDetailSchema } from "../gen/portal/v1/errors_pb";
import { storeCredential } from "../auth/credentialStore";
import { fetchFile, fileNameOf } from "./download";

describe("fileNameOf", () => {
  it.each([
    ['attachment; filename="manifest-20260314-103000.pdf"', "manifest-20260314-103000.pdf"],
    ["attachment; filename=labels-7.pdf", "labels-7.pdf"],
    ["attachment; filename*=UTF-8''M%C3%BCller.csv; filename=\"Muller.csv\"", "Müller.csv"],
    ['attachment; filename="a \\"b\\".csv"', 'a "b".csv'],
    ["inline", null],
    [null, null],
  ])("reads %s as %s", (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });
});

describe("fetchFile", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the bearer and returns the bytes with the server's file name", async () => {
    storeCredential("secret", true);
    const fetch = vi.fn(
      async () =>
        new Response("%PDF", {
          headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="labels-7.pdf"' },
        }),
    );
    vi.stubGlobal("fetch", fetch);
    const file = await fetchFile("/web/api/batches/7/labels", { cacheBuster: "1" });
    expect(fetch).toHaveBeenCalledWith("/web/api/batches/7/labels?cacheBuster=1", expect.anything());
    expect((fetch.mock.calls[0] as unknown[])[1]).toMatchObject({ headers: { Authorization: "Bearer secret" } });
    expect(file.fileName).toBe("labels-7.pdf");
    expect(file.contentType).toBe("application/pdf");
    expect(await file.blob.text()).toBe("%PDF");
  });

  it("turns a problem document into the ConnectError the failure mapper reads", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 404, message: "error.csvShipment.no-customsDocs-found" }), {
            status: 404,
            headers: { "Content-Type": "application/problem+json" },
          }),
      ),
    );
    const error = await fetchFile("/web/api/batches/7/customsDocs").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.NotFound);
    expect((error as ConnectError).findDetails(ErrorDetailSchema)[0].messageKey).toBe(
      "error.csvShipment.no-customsDocs-found",
    );
  });
});
