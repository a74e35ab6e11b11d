import { useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { useAcss } from "../../api/acss";
import { parseId } from "../../api/ids";
import { DetailView, Fact, Facts } from "../../components/DetailView";
import { FormPage } from "../../components/FormPage";
import { formatTimestamp } from "../../i18n/formatTimestamp";
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
        <DetailView backTo="/acss" editTo={`/acss/${acss.id}/edit`}>
          <Facts>
            <Fact label={t`Name`}>{acss.name}</Fact>
            <Fact label={t`Description`}>{acss.description}</Fact>
            <Fact label={t`CSV file`}>
              <DownloadAcssButton acss={acss} />
            </Fact>
            <Fact label={t`Tenant`}>{acss.tenant?.name}</Fact>
            <Fact label={t`Created at`}>{formatTimestamp(acss.createdAt)}</Fact>
            <Fact label={t`Active`}>{acss.active ? t`Yes` : t`No`}</Fact>
          </Facts>
        </DetailView>
      )}
    </FormPage>
  );
}
