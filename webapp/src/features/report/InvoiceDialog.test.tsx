import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type CheckInvoiceNumberRequest,
  InvoiceAmount,
  Incoterm,
  ReasonOfExport,
  InvoiceGateStep,
  type CreateCommercialInvoiceRequest,
  ReportRow_Status,
} from "../../gen/portal/v1/reports_pb";
import { renderShippingApp } from "../../test/renderShippingApp";

const row = (id: bigint, extra: Record<string, unknown> = {}) => ({
  shipmentId: id,
  customerId: 5n,
  referenceNumber: `ORD-${id}`,
  identifier: `TR${id}`,
  status: ReportRow_Status.MANIFEST_CREATED,
  invoiceable: true,
  service: "CUP",
  destination: "CH",
  postalCode: "8001",
  ...extra,
});

describe("the commercial invoice dialog (spec 2 §4.6, §5.5)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("walks GTC, pricing and the seller EORI, then generates the invoice with a free number", async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();
    const customer = {
      customerId: 5n,
      customerCrmid: "DE10000001",
      name: "Bäckerei Sonnenschein",
      gtcAccepted: false,
      pricingAccepted: false,
      isChargeable: true,
      sellerEori: "",
    };
    const checks: CheckInvoiceNumberRequest[] = [];
    const created: CreateCommercialInvoiceRequest[] = [];
    renderShippingApp("/report", {
      reports: {
        searchReport: () => ({
          rows: [row(1n), row(2n, { service: "RETPP", invoiceable: false }), row(3n)],
          totalCount: 3n,
        }),
        // The server names the gate's next step (core/invoice.NextStep); this stand-in answers as it would.
        getInvoiceCustomers: () => ({
          customers: [{ ...customer }],
          nextStep: !customer.gtcAccepted
            ? InvoiceGateStep.GTC
            : !customer.pricingAccepted
              ? InvoiceGateStep.PRICING
              : customer.sellerEori === ""
                ? InvoiceGateStep.SELLER_EORI
                : InvoiceGateStep.INVOICE_GATE_STEP_UNSPECIFIED,
          nextStepCustomerIds: customer.gtcAccepted && customer.pricingAccepted && customer.sellerEori ? [] : [5n],
          // The form's start and rules as core/invoice answers them for a destination outside the EU.
          defaults: {
            incoterm: Incoterm.DAP,
            reasonOfExport: ReasonOfExport.SALE_OF_GOODS_PERMANENT,
            additionalComments: "I hereby certify …",
            insideCustomsUnion: false,
            euDeclaration: "… of EU preferential origin.",
            nonEuDeclaration: "… exported from the European Union …",
            receiverAmounts: [
              {
                incoterm: Incoterm.DAP,
                amounts: [InvoiceAmount.VAT, InvoiceAmount.TOBACCO_TAX, InvoiceAmount.DUTY],
              },
            ],
          },
        }),
        // The server strips the whitespace and answers the number as it stores it.
        checkInvoiceNumber: (request) => {
          checks.push(request);
          const invoiceNumber = request.invoiceNumber.replace(/\s+/g, "");
          return { invoiceNumber, taken: invoiceNumber === "INV-1" };
        },
        createCommercialInvoice: (request) => {
          created.push(request);
          return { file: { contentType: "application/pdf", data: new TextEncoder().encode("%PDF") } };
        },
      },
      customers: {
        setGtcAccepted: (request) => {
          customer.gtcAccepted = request.accepted;
          return { customer: { id: request.id } };
        },
        setCiPricingAccepted: (request) => {
          customer.pricingAccepted = request.accepted;
          return { customer: { id: request.id } };
        },
        setSellerEoris: (request) => {
          customer.sellerEori = request.customers[0].sellerEori;
          return {};
        },
      },
    });
    const invoiceButton = () => screen.getByRole("button", { name: "Create commercial invoice" });
    await user.click(await screen.findByRole("checkbox", { name: "Select TR1" }));
    // A return in the selection blocks the invoice.
    await user.click(screen.getByRole("checkbox", { name: "Select TR2" }));
    expect(invoiceButton()).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Select TR2" }));
    await user.click(screen.getByRole("checkbox", { name: "Select TR3" }));
    await user.click(invoiceButton());

    const terms = await screen.findByRole("alertdialog", { name: "Terms and conditions (GTC)" });
    await user.click(within(terms).getByRole("button", { name: "Accept" }));
    const pricing = await screen.findByRole("alertdialog", { name: "Commercial invoice pricing" });
    await user.click(within(pricing).getByRole("button", { name: "Accept" }));
    const eori = await screen.findByRole("dialog", { name: "Seller EORI" });
    await user.type(within(eori).getByLabelText("Seller EORI of Bäckerei Sonnenschein"), "DE123");
    await user.click(within(eori).getByRole("button", { name: "Accept" }));

    const form = await screen.findByRole("form", { name: "Commercial invoice" });
    const generate = within(form).getByRole("button", { name: "Generate" });
    expect(generate).toBeDisabled();
    // The server's defaults: under DAP the receiver pays VAT, tobacco tax and duty; outside the EU, the non-EU statement.
    expect(within(form).getByLabelText("VAT")).toBeDisabled();
    expect(within(form).getByLabelText("Duty")).toBeDisabled();
    expect(within(form).getByLabelText("Freight and postage")).toBeEnabled();
    expect(
      within(form).getByText("Under this incoterm, the receiver pays the amounts marked “Paid by the receiver”."),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText("Additional comments")).toHaveValue("I hereby certify …");
    expect((within(form).getByLabelText("Declaration statement") as HTMLTextAreaElement).value).toMatch(
      /exported from the European Union/,
    );
    expect(within(form).getByRole("radio", { name: "Non-EU" })).toBeChecked();

    // A taken number: helper text, Generate stays disabled.
    await user.type(within(form).getByLabelText("Invoice number"), "INV -1");
    expect(await within(form).findByText("This invoice number is already taken.", {})).toBeInTheDocument();
    expect(checks.at(-1)).toMatchObject({ invoiceNumber: "INV -1", crmIds: '["DE10000001"]' });
    expect(generate).toBeDisabled();

    const number = within(form).getByLabelText("Invoice number");
    await user.clear(number);
    await user.type(number, " INV 2 ");
    await waitFor(() => expect(generate).toBeEnabled());
    await user.clear(within(form).getByLabelText("Freight and postage"));
    await user.type(within(form).getByLabelText("Freight and postage"), "-4");
    // The request's field rule: a number out of its range.
    expect(await within(form).findByText("This value is out of range.")).toBeInTheDocument();
    expect(generate).toBeDisabled();
    // Under DDP the receiver pays nothing: every amount is asked for.
    await user.click(within(form).getByRole("combobox", { name: "Incoterm" }));
    await user.click(await screen.findByRole("option", { name: "DDP (Delivered Duty Paid)" }));
    expect(within(form).getByLabelText("VAT")).toBeEnabled();
    await user.click(within(form).getByRole("combobox", { name: "Incoterm" }));
    await user.click(await screen.findByRole("option", { name: "DAP (Delivered at Place)" }));
    expect(within(form).getByLabelText("VAT")).toBeDisabled();
    await user.clear(within(form).getByLabelText("Freight and postage"));
    await user.type(within(form).getByLabelText("Freight and postage"), "4,50");
    await user.click(within(form).getByRole("radio", { name: "EU" }));
    await user.click(generate);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      invoiceNumber: "INV2",
      incoterm: Incoterm.DAP,
      reasonOfExport: ReasonOfExport.SALE_OF_GOODS_PERMANENT,
      freightPostage: 4.5,
      vat: 0,
      shipmentIds: [1n, 3n],
    });
    expect(created[0].declarationStatement).toMatch(/EU preferential origin/);
    expect(await screen.findByText("The commercial invoice was created.", {})).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Commercial invoice" })).not.toBeInTheDocument();
  }, 60_000);
});
