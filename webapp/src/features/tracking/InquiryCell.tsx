import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { useInquiryPdf } from "../../api/inquiries";
import { saveFile } from "../../files/localFiles";
import type { TrackingRow } from "../../gen/portal/v1/tracking_pb";
import { formatDateTime } from "../../i18n/format";

/**
 * The grid's inquiry column (spec 3 §2, §3): the button that files an
 * inquiry about the parcel, and the latest inquiry with who filed it when,
 * whose PDF downloads on a click.
 */
export function InquiryCell({ row }: { row: TrackingRow }) {
  const { t } = useLingui();
  const pdf = useInquiryPdf();
  const mark = row.parcelInquiry;
  const download = () =>
    pdf.mutate(row.trackingId, {
      onSuccess: (data) => data && saveFile(data, "application/pdf", `parcel-inquiry-${row.trackingId}.pdf`),
    });
  return (
    <Flex direction="column" gap="1" align="start">
      <RadixLink asChild size="2">
        <Link
          to={`/internal-parcel-inquiry/${encodeURIComponent(row.trackingId)}/${encodeURIComponent(row.ftId || row.trackingId)}`}
          aria-label={t`File an inquiry about ${row.trackingId}`}
        >
          <Trans>Inquiry</Trans>
        </Link>
      </RadixLink>
      {mark && (
        <Button type="button" size="1" variant="ghost" loading={pdf.isPending} onClick={download}>
          <Text size="1">
            <Trans>
              Filed {formatDateTime(new Date(mark.createdAt))} by {mark.createdBy || t`a visitor`}
            </Trans>
          </Text>
        </Button>
      )}
    </Flex>
  );
}
