import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Flex, Grid, Link as RadixLink, Select, Text, TextField } from "@radix-ui/themes";
import { type FormEvent, useId, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useExportTracking, useTrackingProducts, useTrackingSearch } from "../../api/tracking";
import { customerChoices } from "../../auth/activeCustomer";
import { useSession } from "../../auth/session";
import { type DataColumn, DataTable } from "../../components/DataTable";
import { DateInput } from "../../components/form/DateInput";
import { ListPage } from "../../components/ListPage";
import { MultiSelect } from "../../components/MultiSelect";
import { PageSizeSelect } from "../../components/PageSizeSelect";
import { Warning } from "../../components/Warning";
import { describeFormFailure } from "../../errors/formFailure";
import { showNotices } from "../../errors/notices";
import { saveFile } from "../../files/localFiles";
import type { TrackingRow } from "../../gen/portal/v1/tracking_pb";
import { formatDate } from "../../i18n/format";
import { pageTitles } from "../../navigation/pageTitles";
import { TrackingDetailsDialog } from "../../shipping/TrackingDetailsDialog";
import { InquiryCell } from "./InquiryCell";
import {
  canExport,
  dateTypeLabels,
  dateTypes,
  defaultOrder,
  defaultPageSize,
  emptyForm,
  exportLimit,
  rangeInOrder,
  searchOf,
  type TrackingForm,
  type TrackingOrder,
  trackingPageSizes,
} from "./trackingModel";
import { statusLabel, statusLabels, statuses } from "../../shipping/trackingSteps";

const day = (stamp: string) => (stamp ? formatDate(new Date(stamp)) : "–");
const any = "any";

/**
 * /tracking (spec 3 §2): the search form, the grid of parcels found (50 per
 * page, newest shipment first), the export, and the details dialog. A
 * tracking link (`?trackingNumber=`) searches that parcel and opens it.
 */
export function TrackingPage() {
  const { i18n, t } = useLingui();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const linked = params.get("trackingNumber");
  const [form, setForm] = useState<TrackingForm>(linked ? { ...emptyForm, ids: linked } : emptyForm);
  const [submitted, setSubmitted] = useState<TrackingForm | null>(linked ? { ...emptyForm, ids: linked } : null);
  const [order, setOrder] = useState<TrackingOrder>(defaultOrder);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(defaultPageSize);
  const [open, setOpen] = useState<string | null>(linked);
  const [rangeError, setRangeError] = useState(false);
  const request = useMemo(
    () => (submitted ? searchOf(submitted, order, page, size) : null),
    [submitted, order, page, size],
  );
  const result = useTrackingSearch(request);
  const products = useTrackingProducts();
  const exporter = useExportTracking();
  const choices = session ? customerChoices(session) : [];
  const total = result.data?.total ?? 0;
  const set =
    <K extends keyof TrackingForm>(key: K) =>
    (value: TrackingForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const ids = useId();

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (!rangeInOrder(form)) {
      setRangeError(true);
      return;
    }
    setRangeError(false);
    setPage(0);
    setSubmitted({ ...form });
  };
  const reset = () => {
    setForm(emptyForm);
    setSubmitted(null);
    setPage(0);
    if (linked) setParams({}, { replace: true });
  };
  const download = (format: "csv" | "excel") => {
    if (!request) return;
    const name = `tracking-export-${Date.now()}.${format === "csv" ? "csv" : "xlsx"}`;
    exporter.mutate(
      { format, request },
      {
        onSuccess: (file) => file && saveFile(file.data, file.contentType, name),
        onError: (error) => showNotices(describeFormFailure(error).messages),
      },
    );
  };

  const columns: DataColumn<TrackingRow>[] = [
    {
      id: "tracking_id",
      header: t`Tracking number`,
      enableSorting: true,
      meta: { rowHeader: true },
      cell: ({ row }) => (
        <RadixLink asChild>
          <button type="button" className="rt-reset" onClick={() => setOpen(row.original.trackingId)}>
            {row.original.trackingId}
          </button>
        </RadixLink>
      ),
    },
    { id: "order_id", header: t`Order`, cell: ({ row }) => row.original.orderId || "–" },
    ...(result.data?.fulfillment || result.data?.internal
      ? [
          {
            id: "customer",
            header: t`Customer`,
            cell: ({ row }) => row.original.customerName,
          } as DataColumn<TrackingRow>,
        ]
      : []),
    ...(result.data?.internal
      ? [
          {
            id: "subsidiary",
            header: t`Subsidiary`,
            cell: ({ row }) => row.original.subsidiaryName,
          } as DataColumn<TrackingRow>,
        ]
      : []),
    { id: "recipient_name", header: t`Recipient`, enableSorting: true, cell: ({ row }) => row.original.recipientName },
    {
      id: "destination_country_name",
      header: t`Destination`,
      enableSorting: true,
      cell: ({ row }) => row.original.destinationCountryName,
    },
    { id: "product_code", header: t`Product`, enableSorting: true, cell: ({ row }) => row.original.productCode },
    {
      id: "shipment_date",
      header: t`Shipment date`,
      enableSorting: true,
      cell: ({ row }) => day(row.original.shipmentDate),
    },
    {
      id: "delivery_date",
      header: t`Delivery date`,
      enableSorting: true,
      cell: ({ row }) => day(row.original.deliveryDate),
    },
    {
      id: "status",
      header: t`Status`,
      cell: ({ row }) => {
        if (row.original.untracked) return t`untracked`;
        const label = statusLabel(row.original.latestHarmonizedCode);
        return label ? t(label) : row.original.latestHarmonizedDesc;
      },
    },
    {
      id: "parcel_inquiry",
      header: t`Inquiry`,
      cell: ({ row }) => <InquiryCell row={row.original} />,
    },
  ];

  return (
    <ListPage title={i18n._(pageTitles.tracking)}>
      <form onSubmit={search} aria-label={t`Search parcels`}>
        <Grid columns={{ initial: "1", sm: "2", md: "4" }} gap="3" align="end">
          <Label text={t`Tracking or order numbers`} htmlFor={ids}>
            <TextField.Root id={ids} value={form.ids} onChange={(e) => set("ids")(e.target.value)} />
          </Label>
          <Label text={t`Date type`}>
            <Select.Root value={form.dateType} onValueChange={(v) => set("dateType")(v as TrackingForm["dateType"])}>
              <Select.Trigger aria-label={t`Date type`} />
              <Select.Content>
                {dateTypes.map((type) => (
                  <Select.Item key={type} value={type}>
                    {t(dateTypeLabels[type])}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Label>
          <Label text={t`From`}>
            <DateInput aria-label={t`From`} value={form.from} onChange={set("from")} />
          </Label>
          <Label text={t`To`}>
            <DateInput aria-label={t`To`} aria-invalid={rangeError} value={form.to} onChange={set("to")} />
          </Label>
          <Label text={t`Product`}>
            <Select.Root value={form.productCode || any} onValueChange={(v) => set("productCode")(v === any ? "" : v)}>
              <Select.Trigger aria-label={t`Product`} />
              <Select.Content>
                <Select.Item value={any}>{t`All products`}</Select.Item>
                {(products.data ?? []).map((product) => (
                  <Select.Item key={product.productCode} value={product.productCode}>
                    {product.productDescription}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Label>
          <Label text={t`Status`}>
            <Select.Root value={form.status || any} onValueChange={(v) => set("status")(v === any ? "" : v)}>
              <Select.Trigger aria-label={t`Status`} />
              <Select.Content>
                <Select.Item value={any}>{t`All statuses`}</Select.Item>
                {statuses.map((status, index) => (
                  <Select.Item key={status} value={String(index)}>
                    {index} – {t(statusLabels[status])}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Label>
          <Label text={t`Destination country`}>
            <TextField.Root
              aria-label={t`Destination country`}
              maxLength={2}
              placeholder="NL"
              value={form.destination}
              onChange={(e) => set("destination")(e.target.value)}
            />
          </Label>
          <Label text={t`Origin country`}>
            <TextField.Root
              aria-label={t`Origin country`}
              maxLength={2}
              placeholder="DE"
              value={form.origin}
              onChange={(e) => set("origin")(e.target.value)}
            />
          </Label>
          <Label text={t`Recipient name`}>
            <TextField.Root
              aria-label={t`Recipient name`}
              maxLength={100}
              value={form.recipientName}
              onChange={(e) => set("recipientName")(e.target.value)}
            />
          </Label>
          {choices.length > 0 && (
            <Label text={t`Customers`}>
              <MultiSelect
                options={choices.map((c) => c.crmid)}
                value={form.customers}
                onChange={set("customers")}
                labelOf={(crmid) => choices.find((c) => c.crmid === crmid)?.name ?? crmid}
              />
            </Label>
          )}
        </Grid>
        {rangeError && (
          <Text as="p" color="red" size="2" mt="2" role="alert">
            <Trans>The end date must not be before the start date.</Trans>
          </Text>
        )}
        <Flex gap="3" mt="3">
          <Button type="submit">
            <Trans>Search</Trans>
          </Button>
          <Button type="button" variant="soft" color="gray" onClick={reset}>
            <Trans>Reset</Trans>
          </Button>
        </Flex>
      </form>
      {submitted && (
        <>
          <Flex justify="between" gap="3" wrap="wrap" align="center">
            <Flex gap="2" align="center">
              <Button
                variant="soft"
                disabled={!canExport(total) || exporter.isPending}
                onClick={() => download("csv")}
                title={t`At most ${exportLimit} parcels`}
              >
                <Trans>Export CSV</Trans>
              </Button>
              <Button
                variant="soft"
                disabled={!canExport(total) || exporter.isPending}
                onClick={() => download("excel")}
                title={t`At most ${exportLimit} parcels`}
              >
                <Trans>Export XLSX</Trans>
              </Button>
            </Flex>
            <PageSizeSelect
              sizes={trackingPageSizes}
              size={size}
              onChange={(next) => {
                setSize(next);
                setPage(0);
              }}
            />
          </Flex>
          <DataTable
            items={result.data?.data}
            failed={result.isError}
            busy={result.isPlaceholderData}
            empty={
              <Warning>
                <Trans>No parcels found</Trans>
              </Warning>
            }
            columns={columns}
            rowId={(row) => row.trackingId}
            sort={{
              order: order,
              onSort: (next) => {
                setOrder(next);
                setPage(0);
              },
            }}
            pagination={{ page, size, total, onPageChange: setPage }}
          />
        </>
      )}
      {open && (
        <TrackingDetailsDialog
          id={open}
          onClose={() => {
            setOpen(null);
            if (linked) setParams({}, { replace: true });
          }}
        />
      )}
    </ListPage>
  );
}

function Label({ text, htmlFor, children }: { text: string; htmlFor?: string; children: React.ReactNode }) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={htmlFor}>
        {text}
      </Text>
      {children}
    </Flex>
  );
}
