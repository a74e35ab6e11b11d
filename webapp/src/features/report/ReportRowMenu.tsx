import { Trans, useLingui } from "@lingui/react/macro";
import { DotsHorizontalIcon } from "@radix-ui/react-icons";
import { DropdownMenu, IconButton, Link as RadixLink } from "@radix-ui/themes";
import { useState } from "react";
import { useCustomerSummary } from "../../api/customers";
import { reportShipmentTrafficPath } from "../../api/reportDetails";
import { useActiveCustomer } from "../../auth/activeCustomer";
import { TrafficMenuItems, useTraffic } from "../../components/TrafficMenu";
import type { ReportRow } from "../../gen/portal/v1/reports_pb";
import { opensTracking } from "../../shipping/tracking";
import { TrackingDetailsDialog } from "../../shipping/TrackingDetailsDialog";
import { CustomsDetailsDialog } from "./CustomsDetailsDialog";
import { InvoiceDataDialog } from "./InvoiceDataDialog";
import { rowName } from "./ReportDetailsDialog";
import { trackedRow } from "./rowTracking";

/** Whether the row's tracking number opens its tracking (spec 2 §2.2's rule, for the active customer). */
function useOpensTracking(row: ReportRow): boolean {
  const { activeCustomer } = useActiveCustomer();
  const { data: customer } = useCustomerSummary(activeCustomer?.id ?? null);
  return opensTracking(trackedRow(row), customer);
}

/**
 * A report row's tracking number: a link opening its tracking details in
 * place when the row may be tracked, else plain text.
 */
export function ReportIdentifier({ row }: { row: ReportRow }) {
  const { t } = useLingui();
  const tracks = useOpensTracking(row);
  const [open, setOpen] = useState(false);
  const identifier = row.identifier;
  if (!tracks) return identifier;
  return (
    <>
      <RadixLink asChild>
        <button type="button" className="rt-reset" title={t`Track ${identifier}`} onClick={() => setOpen(true)}>
          {row.identifier}
        </button>
      </RadixLink>
      {open && <TrackingDetailsDialog id={row.identifier} onClose={() => setOpen(false)} />}
    </>
  );
}

type Dialog = "customs" | "invoice" | "tracking" | null;

/**
 * The details menu of a report row (spec 2 §2.4): its customs details, its
 * invoice data, its tracking and, for admins, its SOAP traffic to view or
 * download (spec 2 §6).
 */
export function ReportRowMenu({ row, admin }: { row: ReportRow; admin: boolean }) {
  const { t } = useLingui();
  const tracks = useOpensTracking(row);
  const [open, setOpen] = useState<Dialog>(null);
  const traffic = useTraffic(reportShipmentTrafficPath(row.shipmentId), `shipment-${row.shipmentId}`);
  const name = rowName(row);
  const close = () => setOpen(null);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <IconButton variant="ghost" aria-label={t`Details of ${name}`} loading={traffic.isPending}>
            <DotsHorizontalIcon />
          </IconButton>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content>
          <DropdownMenu.Item onSelect={() => setOpen("customs")}>
            <Trans>Customs details</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Item disabled={!row.invoiceNumber} onSelect={() => setOpen("invoice")}>
            <Trans>Invoice data</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Item disabled={!tracks} onSelect={() => setOpen("tracking")}>
            <Trans>Tracking</Trans>
          </DropdownMenu.Item>
          {admin && (
            <>
              <DropdownMenu.Separator />
              <DropdownMenu.Label>
                <Trans>SOAP traffic</Trans>
              </DropdownMenu.Label>
              <TrafficMenuItems onFetch={traffic.fetchTraffic} />
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      {open === "customs" && <CustomsDetailsDialog row={row} onClose={close} />}
      {open === "invoice" && <InvoiceDataDialog row={row} onClose={close} />}
      {open === "tracking" && <TrackingDetailsDialog id={row.identifier} onClose={close} />}
      {traffic.dialog}
    </>
  );
}
