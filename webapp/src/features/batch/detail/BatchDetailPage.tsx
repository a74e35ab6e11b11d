import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Callout, Container, DataList, Flex, Heading, Tabs } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { type RefObject, useEffect, useRef } from "react";
import { useLocation, useParams } from "react-router";
import { useBatchProgressStream } from "../../../api/batchProgress";
import { cachedBatch, refreshBatch, useBatch } from "../../../api/batches";
import { parseId } from "../../../api/ids";
import { isAdmin } from "../../../auth/access";
import { useSession } from "../../../auth/session";
import { BackButton, Fact } from "../../../components/DetailView";
import { notFound, RecordFailurePage, RecordLoading } from "../../../components/RecordFailurePage";
import { type Batch, Batch_Status } from "../../../gen/portal/v1/batches_pb";
import { formatTimestamp } from "../../../i18n/formatTimestamp";
import { usePageTitle } from "../../../navigation/usePageTitle";
import { BatchActionsBar } from "../actions/BatchActionsBar";
import { BatchRowsSection } from "./BatchRowsSection";
import { BatchShipmentsTab } from "../shipments/BatchShipmentsTab";
import { BatchStatus } from "../common/BatchStatusIcon";
import { batchPollMs } from "../../../shipping/batchStatus";
import { BatchStepper } from "./BatchStepper";
import { labelTypeName } from "../../../shipping/labelTypes";
import { markedLogin } from "../common/userMark";
import { failureText } from "../../../shipping/violationText";
import { landsOnBatch, useBatchFocus } from "../common/batchFocus";

/** The most rows one batch may send (spec 2 §9). */
export const maxRows = 2000;

/** Spec 2 §8: shipments the carrier refused after a send. */
export const sendShipmentsFailed = (count: number) =>
  msg({
    id: "error.sendShipments",
    message: plural(count, { one: "# shipment could not be sent.", other: "# shipments could not be sent." }),
  });

/**
 * /batch/{id} (spec 2 §2.1): the stepper, the alerts, the buttons, and two
 * tabs: the editable grid of the file's rows and the shipments sent.
 */
export function BatchDetailPage() {
  const { t } = useLingui();
  const id = parseId(useParams().id);
  const session = useSession();
  const admin = session !== null && isAdmin(session);
  // While a job works on the batch the progress stream brings it; without
  // one (turned off, or it cannot be held) it is read again every 5 s.
  const queryClient = useQueryClient();
  const streamed = useBatchProgressStream(id === null ? [] : [id], cachedBatch(queryClient, id)?.inProgress ?? false);
  const batch = useBatch(id, (read) => (read?.inProgress && !streamed ? batchPollMs : false));
  useRefreshWhenSettled(batch.data);
  if (id === null || (!batch.data && batch.isError)) {
    return (
      <RecordFailurePage
        error={id === null ? notFound : batch.error}
        notFoundTitle={t`Batch not found`}
        notFoundText={<Trans>This batch does not exist, or it belongs to another customer.</Trans>}
        backTo="/batch"
        onRetry={() => void batch.refetch()}
      />
    );
  }
  if (!batch.data) return <RecordLoading title={t`Batch`} />;
  return <BatchPage batch={batch.data} admin={admin} />;
}

type BatchPageProps = {
  batch: Batch;
  admin: boolean;
};

/** The batch as read, its tab named after its file. */
function BatchPage({ batch: current, admin }: BatchPageProps) {
  usePageTitle(current.csvFileName);
  const { state } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  // After an upload the focus lands on the new batch, not on the page.
  useEffect(() => {
    if (landsOnBatch(state)) heading.current?.focus();
  }, [state]);
  const focus = useBatchFocus(
    !!current.actions?.manifestDownload && current.status === Batch_Status.MANIFEST_CREATED && !current.inProgress,
  );
  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="7" ref={heading} tabIndex={-1}>
            {current.csvFileName}
          </Heading>
          <BackButton to="/batch" />
        </Flex>
        <BatchStepper status={current.status} working={current.inProgress} />
        <BatchFacts batch={current} statusRef={focus.status} />
        <BatchAlerts batch={current} />
        <BatchActionsBar batch={current} admin={admin} focus={focus} />
        <Tabs.Root defaultValue="rows">
          <Tabs.List>
            <Tabs.Trigger value="rows">
              <Trans>Rows of the file</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger value="shipments">
              <Trans>Shipments</Trans>
            </Tabs.Trigger>
          </Tabs.List>
          <Flex direction="column" pt="3">
            <Tabs.Content value="rows">
              <BatchRowsSection batch={current} />
            </Tabs.Content>
            <Tabs.Content value="shipments">
              <BatchShipmentsTab batch={current} />
            </Tabs.Content>
          </Flex>
        </Tabs.Root>
      </Flex>
    </Container>
  );
}

/**
 * When a job settles (the server's in_progress turns false), the rows and
 * the shipments it changed are read again.
 */
function useRefreshWhenSettled(batch: Batch | null | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(false);
  const working = batch?.inProgress ?? false;
  const id = batch?.id;
  useEffect(() => {
    if (id !== undefined && previous.current && !working) void refreshBatch(queryClient, id);
    previous.current = working;
  }, [queryClient, id, working]);
}

function BatchFacts({ batch, statusRef }: { batch: Batch; statusRef: RefObject<HTMLElement | null> }) {
  const { i18n } = useLingui();
  return (
    <DataList.Root orientation={{ initial: "vertical", sm: "horizontal" }} size="2">
      <Fact label={<Trans>Status</Trans>}>
        {/* Send and manifest put the focus here (useBatchFocus): the status is what they change. */}
        <div ref={statusRef as RefObject<HTMLDivElement | null>} tabIndex={-1} className="focus-target">
          <BatchStatus batch={batch} />
        </div>
      </Fact>
      <Fact label={<Trans>Created</Trans>}>
        {[formatTimestamp(batch.createdAt), markedLogin(batch.createdBy, batch.createdByAdmin)]
          .filter(Boolean)
          .join(", ")}
      </Fact>
      <Fact label={<Trans>Sent</Trans>}>
        {[formatTimestamp(batch.sentAt), markedLogin(batch.sentBy, batch.sentByAdmin)].filter(Boolean).join(", ")}
      </Fact>
      <Fact label={<Trans>Rows</Trans>}>{String(batch.rowCount)}</Fact>
      {/* Where the send's select stands, it names the label type; a second row would repeat it. */}
      {!batch.actions?.send && (
        <Fact label={<Trans>Label type</Trans>}>{batch.labelType ? labelTypeName(i18n, batch.labelType) : ""}</Fact>
      )}
    </DataList.Root>
  );
}

/** The red alerts of spec 2 §8: the job's failure, too many rows, shipments the carrier refused. */
function BatchAlerts({ batch }: { batch: Batch }) {
  const { i18n } = useLingui();
  const alerts: string[] = [];
  if (batch.errorMessage) alerts.push(failureText(i18n, batch.errorMessage, batch.errorParams));
  if (batch.rowCount > maxRows) {
    alerts.push(i18n._({ id: "error.csvMaxRowsExceeded", values: { rows: batch.rowCount, maxRows } }));
  }
  if (batch.errorShipments > 0 && !batch.inProgress) alerts.push(i18n._(sendShipmentsFailed(batch.errorShipments)));
  return alerts.map((text) => (
    <Callout.Root key={text} color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>{text}</Callout.Text>
    </Callout.Root>
  ));
}
