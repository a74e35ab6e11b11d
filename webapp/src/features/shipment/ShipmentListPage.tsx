import { Trans, useLingui } from "@lingui/react/macro";
import { Flex, Link as RadixLink, Table } from "@radix-ui/themes";
import { Link, useSearchParams } from "react-router";
import { batchPageSizes, type ShipmentFilter } from "../../api/batches";
import { useShipmentPage } from "../../api/shipments";
import { useActiveCustomer } from "../../auth/activeCustomer";
import { ListPage } from "../../components/ListPage";
import { PagedTable } from "../../components/PagedTable";
import { pageOf, pageSearch } from "../../components/pageParams";
import { PageSizeSelect } from "../../components/PageSizeSelect";
import { RowActions } from "../../components/RowActions";
import { Warning } from "../../components/Warning";
import type { BatchShipment } from "../../gen/portal/v1/batches_pb";
import { pageTitles } from "../../navigation/pageTitles";
import { holdsLabel } from "../../shipping/shipmentDeletion";
import { shipmentFilters } from "../../shipping/shipmentFilters";
import { ShipmentCells, ShipmentColumns, ShipmentFilterControl, ShipmentResult } from "../../shipping/ShipmentTable";

/** /shipment (spec 2 §2.2): the active customer's shipments, newest first, filtered and paged on the server. */
export function ShipmentListPage() {
  const { i18n } = useLingui();
  const { activeCustomer } = useActiveCustomer();
  const [search, setSearch] = useSearchParams();
  const { page, size } = pageOf(search, batchPageSizes);
  const filterParam = search.get("filter") as ShipmentFilter | null;
  const filter: ShipmentFilter = filterParam && shipmentFilters.includes(filterParam) ? filterParam : "ALL";
  const shipments = useShipmentPage({ customerId: activeCustomer?.id ?? null, page, size, filter });
  const update = (next: { page: number; size: number; filter: ShipmentFilter }) => {
    const out = pageSearch(next, batchPageSizes);
    if (next.filter !== "ALL") out.filter = next.filter;
    setSearch(out, { replace: true });
  };
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
          <PagedTable
            items={shipments.data?.items}
            failed={shipments.isError}
            busy={shipments.isPlaceholderData}
            empty={
              <Warning>
                <Trans>No shipments found</Trans>
              </Warning>
            }
            columns={
              <ShipmentColumns
                after={
                  <Table.ColumnHeaderCell>
                    <Trans>Batch</Trans>
                  </Table.ColumnHeaderCell>
                }
              />
            }
            row={(shipment) => <ShipmentRow key={String(shipment.id)} shipment={shipment} />}
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

function ShipmentRow({ shipment }: { shipment: BatchShipment }) {
  const { t } = useLingui();
  const path = `/shipment/${shipment.id}`;
  const name = shipment.referenceNumber || String(shipment.id);
  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>
        <RadixLink asChild>
          <Link to={path}>{shipment.referenceNumber || "–"}</Link>
        </RadixLink>
      </Table.RowHeaderCell>
      <ShipmentCells shipment={shipment} />
      <Table.Cell>
        {shipment.csvShipment > 0n && (
          <RadixLink asChild>
            <Link to={`/batch/${shipment.csvShipment}`}>{String(shipment.csvShipment)}</Link>
          </RadixLink>
        )}
      </Table.Cell>
      <Table.Cell>
        <ShipmentResult shipment={shipment} />
      </Table.Cell>
      <Table.Cell>
        <RowActions
          path={path}
          labels={{ view: t`View ${name}`, delete: t`Delete ${name}` }}
          // A valid label is cancelled first (and one in a manifest never is): the delete would be refused.
          disabled={{ delete: holdsLabel(shipment) }}
        />
      </Table.Cell>
    </Table.Row>
  );
}
