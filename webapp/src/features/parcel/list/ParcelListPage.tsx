import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CheckIcon, ReaderIcon, UploadIcon } from "@radix-ui/react-icons";
import { Button, Checkbox, Flex, IconButton, Select, Text, Tooltip, VisuallyHidden } from "@radix-ui/themes";
import { useState } from "react";
import { Link } from "react-router";
import { cacheBuster, saveDownloaded, useFileDownload } from "../../../api/download";
import {
  manifestFilters,
  ParcelManifestFilter,
  ParcelSourceFilter,
  parcelDefaultPageSize,
  parcelFiles,
  parcelPageSizes,
  sourceFilters,
  useBulkDeleteParcels,
  useParcelPage,
} from "../../../api/parcels";
import { useCreateManifest } from "../../../api/manifests";
import { useActiveCustomer } from "../../../auth/activeCustomer";
import { isAdmin } from "../../../auth/access";
import { useSession } from "../../../auth/session";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { CreateButton, ListPage } from "../../../components/ListPage";
import { type DataColumn, DataTable } from "../../../components/DataTable";
import { PageSizeSelect } from "../../../components/PageSizeSelect";
import { RowActions } from "../../../components/RowActions";
import { Warning } from "../../../components/Warning";
import { showNotices } from "../../../errors/notices";
import { type ParcelRow, ParcelRow_Status } from "../../../gen/portal/v1/parcels_pb";
import { formatTimestamp } from "../../../i18n/formatTimestamp";
import { pageTitles } from "../../../navigation/pageTitles";
import { LabelButton } from "../../../printing/LabelButton";
import { ShippingTabs } from "../../../shipping/ShippingTabs";
import { labelTypeName } from "../../../shipping/labelTypes";
import { parcelStatusNames } from "./parcelStatusNames";
import { failureText } from "../../../shipping/violationText";
import { ShipmentIdentifier } from "../../../shipping/ShipmentIdentifier";
import { apiClientFilterLabel, manifestFilterLabel, rowState, sourceFilterLabel, trackedParcel } from "./parcelRows";
import { ApiClient, apiClientName, parcelApiClients } from "../../../shipping/apiClients";

/** The 'creating manifest' notice stays 4 s (spec 2 §4.4, §4.8). */
const manifestNoticeMs = 4000;

type Filters = {
  manifestFilter: ParcelManifestFilter;
  sourceFilter: ParcelSourceFilter;
  apiClientFilter: ApiClient;
};

/** The API-client filter's entries: all (unspecified), then each client. */
const apiClientFilters: ApiClient[] = [ApiClient.API_CLIENT_UNSPECIFIED, ...parcelApiClients];

/**
 * /parcel (spec 2 §2.3): the active customer's parcels, server-paged,
 * newest first, filtered by manifest and source (and API client for
 * admins); rows are selectable per the server's rule; admins bulk delete;
 * 'create manifest' manifests the selected parcels (ManifestService), after
 * which the list reloads and their state links to the manifest's batch.
 */
export function ParcelListPage() {
  const { i18n, t } = useLingui();
  const session = useSession();
  const admin = !!session && isAdmin(session);
  const { activeCustomer } = useActiveCustomer();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(parcelDefaultPageSize);
  const [filters, setFilters] = useState<Filters>({
    manifestFilter: ParcelManifestFilter.ALL,
    sourceFilter: ParcelSourceFilter.ALL,
    apiClientFilter: ApiClient.API_CLIENT_UNSPECIFIED,
  });
  const [selected, setSelected] = useState<ReadonlySet<bigint>>(new Set());
  const [confirmBulk, setConfirmBulk] = useState(false);
  // The parcels a manifest was just made of: the focus lands on the first one's link to the manifest's batch.
  const [landing, setLanding] = useState<ReadonlySet<bigint> | null>(null);
  const parcels = useParcelPage({ customerId: activeCustomer?.id ?? null, page, size, ...filters });
  const bulkDelete = useBulkDeleteParcels();
  const createManifest = useCreateManifest();
  const download = useFileDownload();
  const items = parcels.data?.items;
  const selectable = (items ?? []).filter((p) => p.selectable);
  const landingId = landing
    ? (items ?? []).find((p) => landing.has(p.id) && rowState(p).kind === "manifest")?.id
    : undefined;
  const change = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(0);
    setSelected(new Set());
  };
  const manifest = () => {
    showNotices([{ text: msg`Creating the manifest…` }], { tone: "info", duration: manifestNoticeMs });
    const chosen = new Set(selected);
    createManifest.mutate([...chosen], {
      onSuccess: () => {
        setSelected(new Set());
        setLanding(chosen);
      },
    });
  };
  const toggle = (id: bigint, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const fetchTo = (path: string, name: string) =>
    download.mutate(
      { path, query: { cacheBuster: cacheBuster() } },
      { onSuccess: (file) => saveDownloaded(file, name) },
    );

  const columns: DataColumn<ParcelRow>[] = [
    {
      id: "select",
      header: () => (
        <Checkbox
          aria-label={t`Select all parcels of this page`}
          disabled={selectable.length === 0}
          checked={selectable.length > 0 && selectable.every((p) => selected.has(p.id))}
          onCheckedChange={(on) => setSelected(new Set(on === true ? selectable.map((p) => p.id) : []))}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={t`Select parcel ${row.original.referenceNumber}`}
          disabled={!row.original.selectable}
          checked={selected.has(row.original.id)}
          onCheckedChange={(on) => toggle(row.original.id, on === true)}
        />
      ),
    },
    {
      id: "referenceNumber",
      header: t`Reference number`,
      meta: { rowHeader: true },
      cell: ({ row }) => row.original.referenceNumber,
    },
    {
      id: "sequenceNumber",
      header: t`Identifier`,
      cell: ({ row }) => <ShipmentIdentifier shipment={trackedParcel(row.original)} />,
    },
    { id: "returnSequenceNumber", header: t`Return identifier`, cell: ({ row }) => row.original.returnSequenceNumber },
    { id: "receiverName", header: t`Receiver name`, cell: ({ row }) => row.original.receiverName },
    { id: "product", header: t`Product`, cell: ({ row }) => row.original.product },
    { id: "destination", header: t`Destination`, cell: ({ row }) => row.original.destination },
    { id: "submittedAt", header: t`Submitted at`, cell: ({ row }) => formatTimestamp(row.original.submittedAt) },
    {
      id: "state",
      header: t`State`,
      cell: ({ row }) => (
        <ParcelState
          parcel={row.original}
          takeFocus={row.original.id === landingId}
          onFocused={() => setLanding(null)}
        />
      ),
    },
    { id: "labelType", header: t`File type`, cell: ({ row }) => labelTypeName(i18n, row.original.labelType) },
    ...(admin
      ? [
          {
            id: "apiClient",
            header: t`API client`,
            cell: ({ row }) => apiClientName(i18n, row.original.apiClient),
          } as DataColumn<ParcelRow>,
        ]
      : []),
  ];

  return (
    <ListPage
      title={i18n._(pageTitles.parcel)}
      actions={
        activeCustomer && (
          <CreateButton to="/parcel/new">
            <Trans>Create a manual label</Trans>
          </CreateButton>
        )
      }
    >
      <ShippingTabs active="parcel" />
      {!activeCustomer ? (
        <Warning>
          <Trans>Please choose a customer first.</Trans>
        </Warning>
      ) : (
        <>
          <Flex gap="4" wrap="wrap" align="end" justify="between">
            <Flex gap="4" wrap="wrap" align="end">
              <FilterSelect
                label={t`Manifest`}
                value={filters.manifestFilter}
                options={manifestFilters}
                labelOf={(v) => manifestFilterLabel(i18n, v)}
                onChange={(v) => change({ manifestFilter: v })}
              />
              <FilterSelect
                label={t`Parcel source`}
                value={filters.sourceFilter}
                options={sourceFilters}
                labelOf={(v) => sourceFilterLabel(i18n, v)}
                onChange={(v) => change({ sourceFilter: v })}
              />
              {admin && (
                <FilterSelect
                  label={t`API client`}
                  value={filters.apiClientFilter}
                  options={apiClientFilters}
                  labelOf={(v) => apiClientFilterLabel(i18n, v)}
                  onChange={(v) => change({ apiClientFilter: v })}
                />
              )}
            </Flex>
            <Flex gap="3" align="center">
              {admin && (
                <Button color="red" variant="soft" disabled={selected.size === 0} onClick={() => setConfirmBulk(true)}>
                  <Trans>Delete selected ({selected.size})</Trans>
                </Button>
              )}
              <Button variant="soft" disabled={selected.size === 0 || createManifest.isPending} onClick={manifest}>
                <Trans>Create manifest ({selected.size})</Trans>
              </Button>
              <PageSizeSelect
                sizes={parcelPageSizes}
                size={size}
                onChange={(next) => {
                  setSize(next);
                  setPage(0);
                }}
              />
            </Flex>
          </Flex>
          <DataTable
            items={items}
            failed={parcels.isError}
            busy={parcels.isPlaceholderData || bulkDelete.isPending || createManifest.isPending}
            empty={
              <Warning>
                <Trans>No parcels found</Trans>
              </Warning>
            }
            columns={columns}
            rowId={(p) => p.uuid || String(p.id)}
            actions={(p) => (
              <Flex gap="2" justify="end" align="center">
                {p.hasCustomsDoc && (
                  <Tooltip content={t`Download the customs declaration`}>
                    <IconButton
                      variant="ghost"
                      aria-label={t`Download the customs declaration of ${p.referenceNumber}`}
                      onClick={() => fetchTo(parcelFiles.customsDeclarations(p.id), `customs-declaration-${p.id}.pdf`)}
                    >
                      <ReaderIcon />
                    </IconButton>
                  </Tooltip>
                )}
                {p.hasLabel && (
                  <LabelButton
                    path={parcelFiles.label(p.id)}
                    labelType={p.labelType}
                    name={p.referenceNumber}
                    selection={{ case: "parcels", value: { ids: [p.id] } }}
                  />
                )}
                <RowActions
                  path={`/parcel/${p.id}`}
                  labels={{
                    view: t`View ${p.referenceNumber}`,
                    edit: t`Edit ${p.referenceNumber}`,
                    delete: t`Delete ${p.referenceNumber}`,
                  }}
                  disabled={{ edit: !p.editable, delete: !p.deletable }}
                />
              </Flex>
            )}
            pagination={{ page, size, total: parcels.data?.totalCount ?? 0, onPageChange: setPage }}
          />
        </>
      )}
      {confirmBulk && (
        <ConfirmDialog
          title={<Trans>Confirm delete operation</Trans>}
          confirmLabel={<Trans>Delete</Trans>}
          color="red"
          onClose={() => setConfirmBulk(false)}
          onConfirm={() => {
            setConfirmBulk(false);
            bulkDelete.mutate([...selected], {
              onSuccess: ({ deletedIds, errors }) => {
                setSelected(new Set());
                setPage(0);
                const count = deletedIds.length;
                showNotices(
                  [{ text: msg`${plural(count, { one: "# parcel deleted", other: "# parcels deleted" })}` }],
                  {
                    tone: "info",
                    duration: 4000,
                  },
                );
                if (errors.length > 0) {
                  const reasons = errors
                    .map((e) => `${e.parcelId}: ${failureText(i18n, e.message, e.params)}`)
                    .join(", ");
                  showNotices([{ text: msg`Not deleted: ${reasons}` }]);
                }
              },
            });
          }}
        >
          <Trans>
            Are you sure you want to delete {selected.size} parcels? Their labels are cancelled at the carrier.
          </Trans>
        </ConfirmDialog>
      )}
    </ListPage>
  );
}

/**
 * The state column (spec 2 §2.3): the manifest's batch once in a manifest,
 * else a 'sent' icon. With takeFocus (the parcel was just manifested) the
 * link takes the focus, as the button that made the manifest is disabled now.
 */
function ParcelState({
  parcel,
  takeFocus = false,
  onFocused,
}: {
  parcel: ParcelRow;
  takeFocus?: boolean;
  onFocused?: () => void;
}) {
  const { t, i18n } = useLingui();
  const state = rowState(parcel);
  if (state.kind === "manifest") {
    const focus = (link: HTMLAnchorElement | null) => {
      if (!link || !takeFocus) return;
      link.focus();
      onFocused?.();
    };
    return (
      // The name starts with the state the link shows, then says where it leads (axe: label-content-name-mismatch).
      <Link to={`/batch/${state.batchId}`} ref={focus}>
        {state.created ? <CheckIcon aria-hidden /> : <UploadIcon aria-hidden />}{" "}
        {i18n._(parcelStatusNames[parcel.status ?? ParcelRow_Status.STATUS_UNSPECIFIED])}
        <VisuallyHidden> {t`Manifest batch ${String(state.batchId)}`}</VisuallyHidden>
      </Link>
    );
  }
  return (
    <Flex gap="1" align="center">
      <UploadIcon aria-hidden />
      <Text size="2">{i18n._(parcelStatusNames[parcel.status ?? ParcelRow_Status.STATUS_UNSPECIFIED])}</Text>
    </Flex>
  );
}

/** A select of one filter's enum values; the select carries them as their numbers. */
function FilterSelect<V extends number>({
  label,
  value,
  options,
  labelOf,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly V[];
  labelOf: (value: V) => string;
  onChange: (value: V) => void;
}) {
  return (
    <Flex direction="column" gap="1">
      <Text size="2" weight="medium">
        {label}
      </Text>
      <Select.Root value={String(value)} onValueChange={(next) => onChange(Number(next) as V)}>
        <Select.Trigger aria-label={label} />
        <Select.Content>
          {options.map((option) => (
            <Select.Item key={option} value={String(option)}>
              {labelOf(option)}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}
