import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeftIcon, Pencil1Icon } from "@radix-ui/react-icons";
import { Button, DataList, Flex } from "@radix-ui/themes";
import { Link, useParams } from "react-router";
import { useDocument } from "../../api/documents";
import { parseId } from "../../api/ids";
import { FormPage } from "../../components/FormPage";
import { formatDateTime } from "../../i18n/format";
import { PageLoading } from "../../pages/PageLoading";
import { DownloadDocumentButton } from "./DownloadDocumentButton";
import type { KindInfo } from "./kinds";

/** {base}/{id}: one document with its file to download. */
export function DocumentDetailPage({ info }: { info: KindInfo }) {
  const { t, i18n } = useLingui();
  const id = parseId(useParams().id);
  const { data: doc } = useDocument(info.kind, id);
  return (
    <FormPage title={`${i18n._(info.title)}: ${doc?.name ?? ""}`}>
      {!doc ? (
        <PageLoading />
      ) : (
        <Flex direction="column" gap="5">
          <DataList.Root>
            <DataList.Item>
              <DataList.Label minWidth="120px">{t`Name`}</DataList.Label>
              <DataList.Value>{doc.name}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="120px">{t`Document`}</DataList.Label>
              <DataList.Value>
                <DownloadDocumentButton kind={info.kind} doc={doc} />
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="120px">{t`Content type`}</DataList.Label>
              <DataList.Value>{doc.documentContentType}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="120px">{t`Created at`}</DataList.Label>
              <DataList.Value>{doc.createdAt ? formatDateTime(timestampDate(doc.createdAt)) : ""}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="120px">{t`Active`}</DataList.Label>
              <DataList.Value>{doc.active ? t`Yes` : t`No`}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
          <Flex gap="3" justify="end">
            <Button asChild variant="soft" color="gray">
              <Link to={info.base}>
                <ArrowLeftIcon />
                <Trans>Back</Trans>
              </Link>
            </Button>
            <Button asChild>
              <Link to={`${info.base}/${doc.id}/edit`}>
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
