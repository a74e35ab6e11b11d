import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeftIcon, Pencil1Icon } from "@radix-ui/react-icons";
import { Button, DataList, Flex } from "@radix-ui/themes";
import { Link, useParams } from "react-router";
import { useAcss } from "../../api/acss";
import { parseId } from "../../api/ids";
import { FormPage } from "../../components/FormPage";
import { formatDateTime } from "../../i18n/format";
import { PageLoading } from "../../pages/PageLoading";
import { DownloadAcssButton } from "./DownloadAcssButton";

/** /acss/{id}: one file. */
export function AcssDetailPage() {
  const { t } = useLingui();
  const id = parseId(useParams().id);
  const { data: acss } = useAcss(id);
  return (
    <FormPage title={t`Acss file ${acss?.name ?? ""}`}>
      {!acss ? (
        <PageLoading />
      ) : (
        <Flex direction="column" gap="5">
          <DataList.Root>
            <DataList.Item>
              <DataList.Label minWidth="120px">{t`Name`}</DataList.Label>
              <DataList.Value>{acss.name}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="120px">{t`Description`}</DataList.Label>
              <DataList.Value>{acss.description}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="120px">{t`CSV file`}</DataList.Label>
              <DataList.Value>
                <DownloadAcssButton acss={acss} />
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="120px">{t`Tenant`}</DataList.Label>
              <DataList.Value>{acss.tenant?.name || "–"}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="120px">{t`Created at`}</DataList.Label>
              <DataList.Value>{acss.createdAt ? formatDateTime(timestampDate(acss.createdAt)) : ""}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="120px">{t`Active`}</DataList.Label>
              <DataList.Value>{acss.active ? t`Yes` : t`No`}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
          <Flex gap="3" justify="end">
            <Button asChild variant="soft" color="gray">
              <Link to="/acss">
                <ArrowLeftIcon />
                <Trans>Back</Trans>
              </Link>
            </Button>
            <Button asChild>
              <Link to={`/acss/${acss.id}/edit`}>
                <Pencil1Icon />
                <Trans>Edit</Trans>
              </Link>
            </Button>
          </Flex>
        </Flex>
      )}
    </FormPage>
  );
}
