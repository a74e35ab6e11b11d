import { createRouterTransport } from "@connectrpc/connect";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CustomerService, type DownloadCarriersCsvRequest } from "../../gen/portal/v1/customers_pb";
import { Code, portalFailure } from "../../test/connectErrors";
import { renderPiece } from "../../test/renderPiece";
import { CarriersCsvButton } from "./CarriersCsvButton";

vi.mock("../../files/localFiles", () => ({ saveFile: vi.fn() }));

describe("the carrier-list CSV download button (spec 1 §2, §5, §8)", () => {
  const transportAnswering = (answer: (r: DownloadCarriersCsvRequest) => void, calls: DownloadCarriersCsvRequest[]) =>
    createRouterTransport((router) =>
      router.service(CustomerService, {
        downloadCarriersCsv: (request) => {
          calls.push(request);
          answer(request);
          return { file: { contentType: "text/csv", data: new TextEncoder().encode("carrier_code\r\n") } };
        },
      }),
    );

  it("asks for nothing without an API login", async () => {
    const ui = userEvent.setup();
    const calls: DownloadCarriersCsvRequest[] = [];
    renderPiece(
      "/customer/1/edit",
      <CarriersCsvButton username="demo" password="" customerId={1n} />,
      transportAnswering(() => undefined, calls),
    );
    await ui.click(screen.getByRole("button", { name: "Download the carrier list (CSV)" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Missing required API credentials.");
    expect(calls).toHaveLength(0);
  });

  it("downloads with the login, and says when the download failed", async () => {
    const ui = userEvent.setup();
    const calls: DownloadCarriersCsvRequest[] = [];
    let fail = false;
    renderPiece(
      "/customer/1/edit",
      <CarriersCsvButton username="demo" password="********" customerId={7n} />,
      transportAnswering(() => {
        if (fail) throw portalFailure(Code.Unavailable, "error.carriersCsv.downloadFailed");
      }, calls),
    );
    const button = screen.getByRole("button", { name: "Download the carrier list (CSV)" });
    await ui.click(button);
    expect(await screen.findByRole("status")).toHaveTextContent("The carrier list was downloaded.");
    expect(calls[0]).toMatchObject({ username: "demo", password: "********", customerId: 7n });
    fail = true;
    await ui.click(button);
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to download the ShippyPro carriers CSV file.");
  });
});
