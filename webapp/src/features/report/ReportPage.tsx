import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { DownloadIcon, FileTextIcon, MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { Badge, Button, Checkbox, Flex, Grid, Text, TextField, Tooltip } from "@radix-ui/themes";
import { type FormEvent, useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { ShipmentSource } from "../../gen/portal/v1/vocabulary_pb";
import { reportPageSizes, type ReportExport, useReportExport, useReportPage } from "../../api/reports";
import { isAdmin } from "../../auth/access";
import { customerChoices } from "../../auth/activeCustomer";
import { useSession } from "../../auth/session";
import { type DataColumn, DataTable } from "../../components/DataTable";
import { Field } from "../../components/form/Field";
import { DateInput } from "../../components/form/DateInput";
import { ListPage } from "../../components/ListPage";
import { MultiSelect } from "../../components/MultiSelect";
import { PageSizeSelect } from "../../components/PageSizeSelect";
import { Warning } from "../../components/Warning";
import { describeFormFailure } from "../../errors/formFailure";
import { showNotices } from "../../errors/notices";
import { saveFile } from "../../files/localFiles";
import { type ReportRow, ReportRow_Status } from "../../gen/portal/v1/reports_pb";
import { reportStatusCodes, reportStatusNameOf, reportStatusNames } from "./reportStatusNames";
import { pageTitles } from "../../navigation/pageTitles";
import { ErrorDetailSchema } from "../../gen/portal/v1/errors_pb";
import { ConnectError } from "@connectrpc/connect";
import { InvoiceDialog } from "./InvoiceDialog";
import { type GateStep, gateSteps, InvoiceGateDialog } from "./InvoiceGateDialog";
import { ReportLabelsButton } from "./ReportLabelsButton";
import { ReportIdentifier, ReportRowMenu } from "./ReportRowMenu";
import {
  decodeSearch,
  encodeSearch,
  invoiceAllowed,
  reportApiClients,
  reportLabelTypes,
  type ReportCriteria,
  type ReportSearch,
  splitList,
} from "./reportFilter";
import { apiClientName, apiClientOf } from "../../shipping/apiClients";
import { LabelType, labelTypeName, labelTypeOf } from "../../shipping/labelTypes";

const exportFailed = msg`The download failed.`;
const downloaded = msg`The file was downloaded.`;

/** The list criteria typed as text, values apart by commas or spaces. */
const typedLists = [
  "trackingNumbers",
  "orderNumbers",
  "invoiceNumbers",
  "products",
  "services",
  "additionalServices",
  "formats",
  "countries",
] as const;
type TypedList = (typeof typedLists)[number];

/** DD.MM.YYYY HH:mm (spec 2 §9). */
function dateTime(row: ReportRow): string {
  if (!row.submittedAt) return "–";
  const date = new Date(Number(row.submittedAt.seconds) * 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function fileNameOf(kind: ReportExport["kind"], contentType: string): string {
  if (kind === "excel") return "report.xlsx";
  if (kind === "invoices" || kind === "invoiceByIds") return "commercial-invoices.pdf";
  return contentType.startsWith("application/pdf") ? "labels.pdf" : "labels.zpl";
}

/**
 * /report (spec 2 §2.4): every shipment the user may see, searched by the
 * criteria of spec 2 §3. The search lives in the address (pageableFilter),
 * so a search is a bookmark; the grid pages and sorts on the server, and its
 * result or a selection is exported as Excel, labels or commercial invoices.
 */
export function ReportPage() {
  const { i18n, t } = useLingui();
  const session = useSession();
  const admin = session ? isAdmin(session) : false;
  const customers = session ? customerChoices(session) : [];
  const [params, setParams] = useSearchParams();
  const encoded = params.get("pageableFilter");
  const search = useMemo(() => decodeSearch(encoded, new Date()), [encoded]);
  const pageableFilter = encoded ?? encodeSearch(search);
  const page = useReportPage(pageableFilter);
  const exporter = useReportExport();
  const [selected, setSelected] = useState<Map<string, ReportRow>>(new Map());
  // The invoice consent gate's dialog, with the export to ask for again once its step is done.
  const [gate, setGate] = useState<(GateStep & { retry: ReportExport }) | null>(null);
  // The commercial invoice dialog of the selection (spec 2 §5.5).
  const [invoicing, setInvoicing] = useState(false);
  const [draft, setDraft] = useState<ReportCriteria>(search.criteria);
  const [typed, setTyped] = useState<Record<TypedList, string>>(
    () =>
      Object.fromEntries(typedLists.map((key) => [key, search.criteria[key].join(", ")])) as Record<TypedList, string>,
  );

  const go = (next: ReportSearch) => {
    setParams({ pageableFilter: encodeSearch(next) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const criteria = { ...draft };
    for (const key of typedLists) criteria[key] = splitList(typed[key]);
    setSelected(new Map());
    go({ ...search, criteria, page: 0 });
  };

  const runExport = (request: ReportExport) => {
    exporter.mutate(request, {
      onSuccess: (file) => {
        if (!file) return;
        saveFile(file.data, file.contentType, fileNameOf(request.kind, file.contentType));
        showNotices([{ text: downloaded }], { tone: "info" });
      },
      onError: (error) => {
        const detail = error instanceof ConnectError ? error.findDetails(ErrorDetailSchema)[0] : undefined;
        const step = detail ? gateSteps[detail.messageKey] : undefined;
        if (detail && step) {
          const customerIds = (detail.params.customerIds ?? "").split(",").filter(Boolean).map(BigInt);
          setGate({ step, customerIds, retry: request });
          return;
        }
        const failure = describeFormFailure(error);
        showNotices(failure.messages.length > 0 ? failure.messages : [{ text: exportFailed }]);
      },
    });
  };
  const chosen = [...selected.values()];
  const closeInvoice = useCallback(() => setInvoicing(false), []);
  const chosenIds = chosen.map((row) => row.shipmentId);

  const toggle = (row: ReportRow, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(String(row.shipmentId), row);
      else next.delete(String(row.shipmentId));
      return next;
    });
  const rows = page.data?.items;
  const allChosen = !!rows && rows.length > 0 && rows.every((row) => selected.has(String(row.shipmentId)));

  const columns: DataColumn<ReportRow>[] = [
    {
      id: "select",
      header: () => (
        <Checkbox
          aria-label={t`Select all rows of the page`}
          checked={allChosen}
          onCheckedChange={(on) => rows?.forEach((row) => toggle(row, on === true))}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={t`Select ${row.original.identifier || row.original.referenceNumber}`}
          checked={selected.has(String(row.original.shipmentId))}
          onCheckedChange={(on) => toggle(row.original, on === true)}
        />
      ),
    },
    // The tracking number and the order number (the row header) stay in view: DataTable pins them with the selection.
    {
      id: "identifier",
      header: t`Tracking number`,
      enableSorting: true,
      cell: ({ row }) => <ReportIdentifier row={row.original} />,
    },
    {
      id: "referenceNumber",
      header: t`Order number`,
      enableSorting: true,
      meta: { rowHeader: true },
      cell: ({ row }) => row.original.referenceNumber || "–",
    },
    { id: "submittedAt", header: t`Submitted at`, enableSorting: true, cell: ({ row }) => dateTime(row.original) },
    { id: "recipientName", header: t`Recipient`, enableSorting: true, cell: ({ row }) => row.original.recipientName },
    { id: "postalCode", header: t`Postal code`, enableSorting: true, cell: ({ row }) => row.original.postalCode },
    { id: "city", header: t`City`, enableSorting: true, cell: ({ row }) => row.original.city },
    { id: "destination", header: t`Destination`, enableSorting: true, cell: ({ row }) => row.original.destination },
    { id: "product", header: t`Product`, enableSorting: true, cell: ({ row }) => row.original.product },
    { id: "service", header: t`Service`, enableSorting: true, cell: ({ row }) => row.original.service },
    { id: "additionalOptions", header: t`Additional services`, cell: ({ row }) => row.original.additionalOptions },
    { id: "format", header: t`Format`, cell: ({ row }) => row.original.format },
    { id: "weight", header: t`Weight (kg)`, cell: ({ row }) => i18n.number(row.original.weight) },
    {
      id: "value",
      header: t`Value`,
      cell: ({ row }) => `${i18n.number(row.original.value, { minimumFractionDigits: 2 })} ${row.original.currency}`,
    },
    {
      id: "status",
      header: t`Status`,
      enableSorting: true,
      cell: ({ row }) =>
        row.original.errorMessage ? (
          <Tooltip content={row.original.errorMessage}>
            <Badge color="red">{i18n._(reportStatusNames[row.original.status])}</Badge>
          </Tooltip>
        ) : (
          <Badge color={row.original.status === ReportRow_Status.ERROR ? "red" : "gray"}>
            {i18n._(reportStatusNames[row.original.status])}
          </Badge>
        ),
    },
    { id: "invoiceNumber", header: t`Invoice number`, cell: ({ row }) => row.original.invoiceNumber },
    {
      id: "labelType",
      header: t`Label type`,
      cell: ({ row }) => (row.original.labelType ? labelTypeName(i18n, row.original.labelType) : ""),
    },
  ];
  if (customers.length > 0 || admin) {
    columns.push(
      { id: "customerName", header: t`Customer`, enableSorting: true, cell: ({ row }) => row.original.customerName },
      { id: "customerCrmId", header: t`CRM id`, cell: ({ row }) => row.original.customerCrmId },
    );
  }
  if (admin) {
    columns.push(
      { id: "parcelUuid", header: t`Parcel UUID`, cell: ({ row }) => row.original.parcelUuid },
      { id: "apiClient", header: t`A1/Shipping API`, cell: ({ row }) => apiClientName(i18n, row.original.apiClient) },
      {
        id: "source",
        header: t`Sync API`,
        cell: ({ row }) => (row.original.source === ShipmentSource.API_PARCEL ? t`Yes` : t`No`),
      },
    );
  }

  const textField = (key: "recipientName" | "postalCode" | "city" | "parcelUuid", label: string) => (
    <Field label={label}>
      {(control) => (
        <TextField.Root
          {...control}
          value={draft[key]}
          onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
        />
      )}
    </Field>
  );
  const listField = (key: TypedList, label: string) => (
    <Field label={label}>
      {(control) => (
        <TextField.Root
          {...control}
          value={typed[key]}
          placeholder={t`Several values apart by commas`}
          onChange={(event) => setTyped({ ...typed, [key]: event.target.value })}
        />
      )}
    </Field>
  );
  const failure = page.isError ? describeFormFailure(page.error) : null;

  return (
    <ListPage title={i18n._(pageTitles.report)}>
      {gate && (
        <InvoiceGateDialog
          step={gate.step}
          customerIds={gate.customerIds}
          onClose={() => setGate(null)}
          onDone={() => {
            const retry = gate.retry;
            setGate(null);
            runExport(retry);
          }}
        />
      )}
      {invoicing && <InvoiceDialog rows={chosen} onClose={closeInvoice} />}
      <form onSubmit={submit} noValidate aria-label={t`Search criteria`}>
        <Grid columns={{ initial: "1", sm: "2", md: "4" }} gap="3">
          <Field label={t`From`}>
            {(control) => (
              <DateInput
                {...control}
                value={draft.fromDate}
                onChange={(fromDate) => setDraft({ ...draft, fromDate })}
              />
            )}
          </Field>
          <Field label={t`To`}>
            {(control) => (
              <DateInput {...control} value={draft.toDate} onChange={(toDate) => setDraft({ ...draft, toDate })} />
            )}
          </Field>
          {listField("trackingNumbers", t`Tracking numbers`)}
          {listField("orderNumbers", t`Order numbers`)}
          {textField("recipientName", t`Recipient`)}
          {textField("postalCode", t`Postal code`)}
          {textField("city", t`City`)}
          {listField("countries", t`Countries`)}
          {listField("products", t`Products`)}
          {listField("services", t`Services`)}
          {listField("additionalServices", t`Additional services`)}
          {listField("formats", t`Formats`)}
          {listField("invoiceNumbers", t`Invoice numbers`)}
          <Field label={t`Status`}>
            {(control) => (
              <MultiSelect
                {...control}
                options={reportStatusCodes}
                labelOf={(code) => i18n._(reportStatusNameOf(code))}
                value={draft.status}
                onChange={(status) => setDraft({ ...draft, status })}
              />
            )}
          </Field>
          <Field label={t`Label types`}>
            {(control) => (
              <MultiSelect
                {...control}
                options={reportLabelTypes}
                labelOf={(name) => {
                  const type = labelTypeOf(name);
                  return type ? labelTypeName(i18n, type) : name;
                }}
                value={draft.labelTypes}
                onChange={(labelTypes) => setDraft({ ...draft, labelTypes })}
              />
            )}
          </Field>
          {customers.length > 0 && (
            <Field label={t`Customers`}>
              {(control) => (
                <MultiSelect
                  {...control}
                  options={customers.map((customer) => String(customer.id))}
                  labelOf={(id) => customers.find((customer) => String(customer.id) === id)?.name ?? id}
                  value={draft.customerIds}
                  onChange={(customerIds) => setDraft({ ...draft, customerIds })}
                />
              )}
            </Field>
          )}
          {admin && textField("parcelUuid", t`Parcel UUID`)}
          {admin && (
            <Field label={t`API clients`}>
              {(control) => (
                <MultiSelect
                  {...control}
                  options={reportApiClients}
                  labelOf={(name) => {
                    const client = apiClientOf(name);
                    return client ? apiClientName(i18n, client) : name;
                  }}
                  value={draft.apiClients}
                  onChange={(apiClients) => setDraft({ ...draft, apiClients })}
                />
              )}
            </Field>
          )}
        </Grid>
        <Flex gap="3" mt="3">
          <Button type="submit">
            <MagnifyingGlassIcon />
            <Trans>Search</Trans>
          </Button>
        </Flex>
      </form>
      <Flex justify="between" gap="3" wrap="wrap" align="center">
        <Flex gap="2" wrap="wrap" align="center">
          <Button
            variant="soft"
            loading={exporter.isPending}
            onClick={() => runExport({ kind: "excel", pageableFilter })}
          >
            <DownloadIcon />
            <Trans>Export Excel</Trans>
          </Button>
          <ReportLabelsButton
            request={
              chosen.length > 0 ? { kind: "labelsByIds", shipmentIds: chosenIds } : { kind: "labels", pageableFilter }
            }
            labelTypes={
              chosen.length > 0
                ? chosen.map((row) => row.labelType ?? LabelType.LABEL_TYPE_UNSPECIFIED)
                : search.criteria.labelTypes.flatMap((name) => labelTypeOf(name) ?? [])
            }
          />
          <Button
            variant="soft"
            loading={exporter.isPending}
            disabled={chosen.length > 0 && !invoiceAllowed(chosen)}
            onClick={() =>
              runExport(
                chosen.length > 0
                  ? { kind: "invoiceByIds", shipmentIds: chosenIds }
                  : { kind: "invoices", pageableFilter },
              )
            }
          >
            <DownloadIcon />
            <Trans>Commercial invoices</Trans>
          </Button>
          <Button variant="soft" disabled={!invoiceAllowed(chosen)} onClick={() => setInvoicing(true)}>
            <FileTextIcon />
            <Trans>Create commercial invoice</Trans>
          </Button>
          {chosen.length > 0 && (
            <>
              <Text size="2">
                <Trans>{chosen.length} selected</Trans>
              </Text>
              <Button variant="ghost" onClick={() => setSelected(new Map())}>
                <Trans>Clear selection</Trans>
              </Button>
            </>
          )}
        </Flex>
        <PageSizeSelect
          sizes={reportPageSizes}
          size={search.size}
          onChange={(size) => go({ ...search, page: 0, size })}
        />
      </Flex>
      {failure ? (
        <Warning>{failure.messages.length > 0 ? i18n._(failure.messages[0].text) : i18n._(exportFailed)}</Warning>
      ) : (
        <DataTable
          items={rows}
          busy={page.isPlaceholderData}
          empty={
            <Warning>
              <Trans>No shipments found</Trans>
            </Warning>
          }
          columns={columns}
          rowId={(row) => String(row.shipmentId)}
          actions={(row) => <ReportRowMenu row={row} admin={admin} />}
          sort={{
            order: { field: search.sortField, direction: search.sortOrder },
            onSort: (order) => go({ ...search, page: 0, sortField: order.field, sortOrder: order.direction }),
          }}
          pagination={{
            page: search.page,
            size: search.size,
            total: page.data?.totalCount ?? 0,
            onPageChange: (next) => go({ ...search, page: next }),
          }}
        />
      )}
    </ListPage>
  );
}
