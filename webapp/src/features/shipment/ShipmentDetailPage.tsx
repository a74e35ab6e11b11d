import { Trans, useLingui } from "@lingui/react/macro";
import { Card, Code, Container, Flex, Heading, Link as RadixLink, ScrollArea, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { Link, useParams } from "react-router";
import { fetchFile, isText } from "../../api/download";
import { parseId } from "../../api/ids";
import { shipmentLabelPath, useShipment } from "../../api/shipments";
import { isAdmin } from "../../auth/access";
import { useSession } from "../../auth/session";
import { DetailView, Fact, Facts } from "../../components/DetailView";
import { notFound, RecordFailurePage, RecordLoading } from "../../components/RecordFailurePage";
import type { BatchShipment } from "../../gen/portal/v1/batches_pb";
import type { ShipmentDetail } from "../../gen/portal/v1/shipments_pb";
import { formatTimestamp } from "../../i18n/formatTimestamp";
import { PageLoading } from "../../pages/PageLoading";
import { usePageTitle } from "../../navigation/usePageTitle";
import { ShipmentResult } from "../../shipping/ShipmentTable";
import { labelTypeName } from "../../shipping/labelTypes";
import { PrintLabelsButton } from "../../printing/PrintLabelsButton";
import { holdsLabel } from "../../shipping/liveLabel";
import { ShipmentIdentifier } from "../../shipping/ShipmentIdentifier";
import { useShipmentDeleteRefusal } from "./useShipmentDeleteRefusal";
import { apiClientName } from "../../shipping/apiClients";

/**
 * /shipment/{id} (spec 2 §2.2): the shipment, when it was submitted, its
 * label, and for admins the SOAP request and response.
 */
export function ShipmentDetailPage() {
  const { t } = useLingui();
  const id = parseId(useParams().id);
  const session = useSession();
  const admin = session !== null && isAdmin(session);
  const { data: detail, isError, error, refetch } = useShipment(id);
  const shipment = detail?.shipment;
  if (id === null || (!detail && isError) || (detail && !shipment)) {
    return (
      <RecordFailurePage
        error={id === null || detail ? notFound : error}
        notFoundTitle={t`Shipment not found`}
        notFoundText={<Trans>This shipment does not exist, or it belongs to another customer.</Trans>}
        backTo="/shipment"
        onRetry={() => void refetch()}
      />
    );
  }
  if (!shipment) return <RecordLoading title={t`Shipment`} />;
  return <ShipmentPage detail={detail} shipment={shipment} admin={admin} />;
}

type ShipmentPageProps = { detail: ShipmentDetail; shipment: BatchShipment; admin: boolean };

/** The shipment as read, its tab named after its reference. */
function ShipmentPage({ detail, shipment, admin }: ShipmentPageProps) {
  const { t, i18n } = useLingui();
  const refusal = useShipmentDeleteRefusal(shipment);
  usePageTitle(shipment.referenceNumber || t`Shipment`);
  const reference = shipment.referenceNumber;
  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="5">
        <Heading as="h1" size="7">
          <Trans>Shipment {reference}</Trans>
        </Heading>
        <DetailView backTo="/shipment" deleteTo={`/shipment/${shipment.id}/delete`} deleteRefusal={refusal}>
          <Facts>
            <Fact label={<Trans>Reference number</Trans>}>{shipment.referenceNumber}</Fact>
            <Fact label={<Trans>Identifier</Trans>}>
              <ShipmentIdentifier shipment={shipment} />
            </Fact>
            <Fact label={<Trans>Receiver</Trans>}>{shipment.receiverName}</Fact>
            <Fact label={<Trans>Product</Trans>}>
              {[shipment.product, shipment.service].filter(Boolean).join(" / ")}
            </Fact>
            <Fact label={<Trans>Destination</Trans>}>{shipment.destination}</Fact>
            <Fact label={<Trans>Submitted at</Trans>}>{formatTimestamp(shipment.submittedAt)}</Fact>
            <Fact label={<Trans>Label type</Trans>}>
              {shipment.labelType ? labelTypeName(i18n, shipment.labelType) : ""}
            </Fact>
            <Fact label={<Trans>API client</Trans>}>{apiClientName(i18n, shipment.apiClient)}</Fact>
            <Fact label={<Trans>Result</Trans>}>
              <ShipmentResult shipment={shipment} spelledOut />
            </Fact>
            <Fact label={<Trans>Batch</Trans>}>
              {shipment.csvShipment > 0n && (
                <RadixLink asChild>
                  <Link to={`/batch/${shipment.csvShipment}`}>{String(shipment.csvShipment)}</Link>
                </RadixLink>
              )}
            </Fact>
          </Facts>
          {holdsLabel(shipment) && <LabelPreview shipment={shipment} />}
          {admin && detail.soapRequest && <SoapText title={t`SOAP request`} text={detail.soapRequest} />}
          {admin && detail.soapResponse && <SoapText title={t`SOAP response`} text={detail.soapResponse} />}
        </DetailView>
      </Flex>
    </Container>
  );
}

/** The label as the carrier made it: the PDF in a frame, or the ZPL text. */
function LabelPreview({ shipment }: { shipment: BatchShipment }) {
  const { t } = useLingui();
  const reference = shipment.referenceNumber;
  const label = useQuery({
    queryKey: ["shipments", "label", String(shipment.id)],
    queryFn: async ({ signal }) => {
      const file = await fetchFile(shipmentLabelPath(shipment.id), {}, signal);
      return { file, text: isText(file) ? await file.blob.text() : null };
    },
    staleTime: Infinity,
  });
  const file = label.data?.file;
  const url = useMemo(() => (file && !isText(file) ? URL.createObjectURL(file.blob) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return (
    <Card>
      <Flex direction="column" gap="2">
        <Heading as="h2" size="4">
          <Trans>Label</Trans>
        </Heading>
        {!file ? (
          label.isError ? null : (
            <PageLoading />
          )
        ) : url ? (
          <iframe title={t`Label of ${reference}`} src={url} style={{ width: "100%", height: 560, border: 0 }} />
        ) : (
          <>
            <PrintLabelsButton
              labels={{
                selection: { case: "shipments", value: { ids: [shipment.id] } },
                zpl: async () => label.data?.text ?? "",
              }}
            />
            <Code variant="ghost" asChild>
              <pre data-testid="label-text" style={{ whiteSpace: "pre-wrap" }}>
                {label.data?.text}
              </pre>
            </Code>
          </>
        )}
      </Flex>
    </Card>
  );
}

function SoapText({ title, text }: { title: string; text: string }) {
  return (
    <Card>
      <Flex direction="column" gap="2">
        <Heading as="h2" size="4">
          {title}
        </Heading>
        <ScrollArea type="auto" scrollbars="both" style={{ maxHeight: 360 }}>
          <Text asChild size="1">
            <pre style={{ margin: 0 }}>{text}</pre>
          </Text>
        </ScrollArea>
      </Flex>
    </Card>
  );
}
