import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { useDocument } from "../../api/documents";
import { parseId } from "../../api/ids";
import { DetailView, Fact, Facts } from "../../components/DetailView";
import { FormPage } from "../../components/FormPage";
import { formatTimestamp } from "../../i18n/formatTimestamp";
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
        <DetailView backTo={info.base} editTo={`${info.base}/${doc.id}/edit`}>
          <Facts>
            <Fact label={t`Name`}>{doc.name}</Fact>
            <Fact label={t`Document`}>
              <DownloadDocumentButton kind={info.kind} doc={doc} />
            </Fact>
            <Fact label={t`Content type`}>{doc.documentContentType}</Fact>
            <Fact label={t`Created at`}>{formatTimestamp(doc.createdAt)}</Fact>
            <Fact label={t`Active`}>{doc.active ? t`Yes` : t`No`}</Fact>
          </Facts>
        </DetailView>
      )}
    </FormPage>
  );
}
