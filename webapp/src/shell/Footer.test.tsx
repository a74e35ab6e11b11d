import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { GetInquiryTenantRequest } from "../gen/portal/v1/inquiries_pb";
import { renderApp } from "../test/renderApp";

describe("the public footer (issue 25)", () => {
  it("links every visitor to the parcel inquiry, the newsletter and the legal pages", async () => {
    renderApp("/");
    const services = await screen.findByRole("navigation", { name: "Services" });
    expect(within(services).getByRole("link", { name: "Parcel inquiry" })).toHaveAttribute("href", "/parcel-inquiry");
    expect(within(services).getByRole("link", { name: "Newsletter subscription" })).toHaveAttribute(
      "href",
      "/newsletter-subscribe",
    );
    const legal = screen.getByRole("navigation", { name: "Legal information" });
    expect(within(legal).getAllByRole("link")).toHaveLength(5);
  });

  it("leads to the inquiry form of the portal's tenant, which the server names", async () => {
    const asked: bigint[] = [];
    renderApp("/parcel-inquiry", {
      inquiries: {
        getInquiryTenant: vi.fn((request: GetInquiryTenantRequest) => {
          asked.push(request.tenantId);
          return { tenant: { id: 4n, name: "Parcel Portal Germany", address: "Hauptstraße 1, 10115 Berlin, DE" } };
        }),
      },
    });
    expect(await screen.findByTestId("inquiry-tenant")).toHaveTextContent("Parcel Portal Germany");
    expect(asked[0]).toBe(0n);
  });
});
