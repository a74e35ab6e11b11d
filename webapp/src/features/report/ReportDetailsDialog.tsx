import { Trans, useLingui } from "@lingui/react/macro";
import { FailureCallout } from "../../errors/FailureCallout";
import { Button, Dialog, Flex } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { useReportShipmentDetails } from "../../api/reportDetails";
import { describeFormFailure } from "../../errors/formFailure";
import type { GetReportShipmentDetailsResponse } from "../../gen/portal/v1/report_details_pb";
import type { ReportRow } from "../../gen/portal/v1/reports_pb";
import { PageLoading } from "../../pages/PageLoading";

/** What names a row in its dialogs' titles: its tracking number, else its order number. */
export function rowName(row: ReportRow): string {
  return row.identifier || row.referenceNumber || String(row.shipmentId);
}

type ReportDetailsDialogProps = {
  row: ReportRow;
  title: ReactNode;
  onClose: () => void;
  children: (details: GetReportShipmentDetailsResponse) => ReactNode;
};

/** A dialog over a report row's details (customs details, invoice data): loads them, says why it could not. */
export function ReportDetailsDialog({ row, title, onClose, children }: ReportDetailsDialogProps) {
  const { t } = useLingui();
  const details = useReportShipmentDetails(row.shipmentId);
  const failure = details.isError ? describeFormFailure(details.error) : null;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="900px" aria-describedby={undefined}>
        <Dialog.Title>{title}</Dialog.Title>
        <FailureCallout failure={failure} whenSilent={t`The details could not be loaded.`} />
        {details.isPending && <PageLoading />}
        {details.data && children(details.data)}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              <Trans>Close</Trans>
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
