import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import {
  type LegalPage,
  LegalPageKind,
  LegalPageSchema,
  type ListLegalPagesRequest,
  type PublishLegalPageRequest,
  type WithdrawLegalPageRequest,
} from "../../gen/portal/v1/documents_pb";
import { renderAdminApp } from "../../test/renderAdminApp";

const tenants = [
  { id: 1n, subsidiary: "DE", name: "Parcel Portal Germany" },
  { id: 2n, subsidiary: "NL", name: "Parcel Portal Netherlands" },
];

/** A server keeping the pages in memory, as the tests watch its calls. */
function legalServer(initial: LegalPage[] = []) {
  let pages = [...initial];
  const list = vi.fn((request: ListLegalPagesRequest) => ({
    legalPages: pages.filter((p) => p.tenantId === request.tenantId && p.kind === request.kind),
  }));
  const publish = vi.fn((request: PublishLegalPageRequest) => {
    const sent = request.legalPage!;
    const page = create(LegalPageSchema, {
      tenantId: sent.tenantId,
      kind: sent.kind,
      locale: sent.locale,
      body: sent.body,
      updatedAt: timestampFromDate(new Date(2026, 10, 28, 14, 5)),
      updatedBy: "admin",
    });
    pages = [
      ...pages.filter((p) => !(p.tenantId === page.tenantId && p.kind === page.kind && p.locale === page.locale)),
      page,
    ];
    return { legalPage: page };
  });
  const withdraw = vi.fn((request: WithdrawLegalPageRequest) => {
    pages = pages.filter(
      (p) => !(p.tenantId === request.tenantId && p.kind === request.kind && p.locale === request.locale),
    );
    return {};
  });
  return {
    list,
    publish,
    withdraw,
    services: {
      documents: { listLegalPages: list, publishLegalPage: publish, withdrawLegalPage: withdraw },
      tenants: { listAllTenants: () => ({ tenants }) },
      // The portal's tenant, which visitors read: the second one here.
      inquiries: { getInquiryTenant: () => ({ tenant: { id: 2n, name: "Parcel Portal Netherlands" } }) },
    },
  };
}

describe("/admin/legal-pages (issue 25)", () => {
  it("publishes the imprint of the tenant visitors read, in the admin's language", async () => {
    const server = legalServer();
    const user = userEvent.setup();
    renderAdminApp("/admin/legal-pages", server.services);
    expect(await screen.findByRole("heading", { level: 1, name: "Legal pages" })).toBeInTheDocument();
    expect(await screen.findByText("Not published in this language.")).toBeInTheDocument();
    expect(screen.getByTestId("portal-tenant")).toHaveTextContent(
      "Visitors who are not signed in read the pages of Parcel Portal Netherlands",
    );
    expect(screen.getByRole("combobox", { name: "Tenant" })).toHaveTextContent("Parcel Portal Netherlands");
    await user.click(screen.getByRole("button", { name: "Publish" }));
    expect(await screen.findByText("This field is required.")).toBeInTheDocument();
    expect(server.publish).not.toHaveBeenCalled();

    await user.click(screen.getByRole("textbox", { name: "Text (English)" }));
    await user.paste("Parcel Portal GmbH\n\nBerlin");
    await user.click(screen.getByRole("button", { name: "Publish" }));
    expect(await screen.findByText("The page is published.")).toBeInTheDocument();
    expect(server.publish.mock.calls[0][0].legalPage).toMatchObject({
      tenantId: 2n,
      kind: LegalPageKind.IMPRINT,
      locale: "en",
      body: "Parcel Portal GmbH\n\nBerlin",
    });
    await waitFor(() => expect(server.list.mock.calls.length).toBeGreaterThan(1));
    expect(await screen.findByText(/Published on 28\.11\.2026.* by admin\./)).toBeInTheDocument();
    expect(within(screen.getByRole("tab", { name: /English/ })).getAllByText("published").length).toBeGreaterThan(0);
    expect(within(screen.getByRole("tab", { name: /Deutsch/ })).queryAllByText("published")).toHaveLength(0);
    expect(screen.getByRole("link", { name: "Open the page as visitors see it" })).toHaveAttribute(
      "href",
      "/legal/imprint",
    );
  });

  it("shows each language's text and withdraws one", async () => {
    const server = legalServer([
      create(LegalPageSchema, {
        tenantId: 2n,
        kind: LegalPageKind.PRIVACY,
        locale: "nl",
        body: "Privacyverklaring",
        updatedAt: timestampFromDate(new Date(2026, 10, 1)),
        updatedBy: "anna",
      }),
    ]);
    const user = userEvent.setup();
    renderAdminApp("/admin/legal-pages", { ...server.services, authorities: [Role.superAdmin] });
    await user.click(await screen.findByRole("combobox", { name: "Tenant" }));
    await user.click(await screen.findByRole("option", { name: "Parcel Portal Netherlands" }));
    await user.click(screen.getByRole("combobox", { name: "Page" }));
    await user.click(await screen.findByRole("option", { name: "Cookies and privacy" }));
    await user.click(screen.getByRole("tab", { name: /Nederlands/ }));
    expect(await screen.findByRole("textbox", { name: "Text (Nederlands)" })).toHaveValue("Privacyverklaring");
    expect(screen.getByText(/by anna\./)).toBeInTheDocument();
    expect(server.list).toHaveBeenCalledWith(
      expect.objectContaining({ tenantId: 2n, kind: LegalPageKind.PRIVACY }),
      expect.anything(),
    );

    await user.click(screen.getByRole("button", { name: "Withdraw" }));
    expect(
      await screen.findByText("The page is withdrawn. Visitors no longer read it in this language."),
    ).toBeInTheDocument();
    expect(server.withdraw.mock.calls[0][0]).toMatchObject({
      tenantId: 2n,
      kind: LegalPageKind.PRIVACY,
      locale: "nl",
    });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Withdraw" })).not.toBeInTheDocument());
  });

  it("is in the admin menu for the super admin too", async () => {
    const user = userEvent.setup();
    renderAdminApp("/admin/legal-pages", { ...legalServer().services, authorities: [Role.superAdmin] });
    await screen.findByRole("heading", { level: 1, name: "Legal pages" });
    await user.click(screen.getByRole("button", { name: /Administration/ }));
    expect(await screen.findByRole("menuitem", { name: "Legal pages" })).toBeInTheDocument();
  });
});
