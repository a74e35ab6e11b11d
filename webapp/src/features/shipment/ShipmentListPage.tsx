import { Trans, useLingui } from "@lingui/react/macro";
import { Flex, Link as RadixLink } from "@radix-ui/themes";
import { Link, useSearchParams } from "react-router";
import { batchPageSizes, ShipmentFilter } from "../../api/batches";
import { enumNameOf, enumValueOf } from "../../api/enums";
import { shipmentLabelPath, useShipmentPage } from "../../api/shipments";
import { LabelButton } from "../../printing/LabelButton";
import { useActiveCustomer } from "../../auth/activeCustomer";
import { ListPage } from "../../components/ListPage";
import { DataTable } from "../../components/DataTable";
import { pageOf, pageSearch } from "../../components/pageParams";
import { PageSizeSelect } from "../../components/PageSizeSelect";
import { RowActions } from "../../components/RowActions";
import { Warning } from "../../components/Warning";
import type { BatchShipment } from "../../gen/portal/v1/batches_pb";
import { pageTitles } from "../../navigation/pageTitles";
import { holdsLabel } from "../../shipping/liveLabel";
import { ShipmentFilterControl, useShipmentColumns } from "../../shipping/ShipmentTable";

const shipmentPath = (shipment: BatchShipment) => `/shipment/${shipment.id}`;

/** /shipment (spec 2 §2.2): the active customer's shipments, newest first, filtered and paged on the server. */
export function ShipmentListPage() {
  const { i18n, t } = useLingui();
  const { activeCustomer } = useActiveCustomer();
  const [search, setSearch] = useSearchParams();
  const { page, size } = pageOf(search, batchPageSizes);
  const filter: ShipmentFilter = enumValueOf(ShipmentFilter, search.get("filter")) ?? ShipmentFilter.ALL;
  const shipments = useShipmentPage({ customerId: activeCustomer?.id ?? null, page, size, filter });
  const update = (next: { page: number; size: number; filter: ShipmentFilter }) => {
    const out = pageSearch(next, batchPageSizes);
    if (next.filter !== ShipmentFilter.ALL) out.filter = enumNameOf(ShipmentFilter, next.filter);
    setSearch(out, { replace: true });
  };
  const columns = useShipmentColumns(
    {
      id: "referenceNumber",
      header: t`Reference number`,
      meta: { rowHeader: true },
      cell: ({ row }) => (
        <RadixLink asChild>
          <Link to={shipmentPath(row.original)}>{row.original.referenceNumber || "–"}</Link>
        </RadixLink>
      ),
    },
    [
      {
        id: "batch",
        header: t`Batch`,
        cell: ({ row: { original: shipment } }) =>
          shipment.csvShipment > 0n && (
            <RadixLink asChild>
              <Link to={`/batch/${shipment.csvShipment}`}>{String(shipment.csvShipment)}</Link>
            </RadixLink>
          ),
      },
    ],
  );
  return (
    <ListPage title={i18n._(pageTitles.shipment)}>
      {!activeCustomer ? (
        <Warning>
          <Trans>Please choose a customer first.</Trans>
        </Warning>
      ) : (
        <>
          <Flex justify="between" gap="3" wrap="wrap" align="center">
            <ShipmentFilterControl value={filter} onChange={(next) => update({ page: 0, size, filter: next })} />
            <PageSizeSelect
              sizes={batchPageSizes}
              size={size}
              onChange={(next) => update({ page: 0, size: next, filter })}
            />
          </Flex>
          <DataTable
            items={shipments.data?.items}
            failed={shipments.isError}
            busy={shipments.isPlaceholderData}
            empty={
              <Warning>
                <Trans>No shipments found</Trans>
              </Warning>
            }
            columns={columns}
            rowId={(shipment) => String(shipment.id)}
            actions={(shipment) => {
              const name = shipment.referenceNumber || String(shipment.id);
              return (
                <Flex gap="3" align="center">
                  {holdsLabel(shipment) && (
                    <LabelButton
                      path={shipmentLabelPath(shipment.id)}
                      labelType={shipment.labelType}
                      name={name}
                      selection={{ case: "shipments", value: { ids: [shipment.id] } }}
                    />
                  )}
                  <RowActions
                    path={shipmentPath(shipment)}
                    labels={{ view: t`View ${name}`, delete: t`Delete ${name}` }}
                    // The server says when the delete would be refused (a label to cancel first, a manifest, a job at work).
                    disabled={{ delete: shipment.deleteRefusal !== undefined }}
                  />
                </Flex>
              );
            }}
            pagination={{
              page,
              size,
              total: shipments.data?.totalCount ?? 0,
              onPageChange: (next) => update({ page: next, size, filter }),
            }}
          />
        </>
      )}
    </ListPage>
  );
}
