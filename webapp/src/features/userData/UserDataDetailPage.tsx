import { Trans, useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useUserData } from "../../api/userData";
import { DetailView, Fact, Facts } from "../../components/DetailView";
import { FormPage } from "../../components/FormPage";
import { PageLoading } from "../../pages/PageLoading";
import { organisationLink } from "./organisationLink";

/** /user-data/{id}: one link. */
export function UserDataDetailPage() {
  const { t } = useLingui();
  const id = parseId(useParams().id);
  const { data: link } = useUserData(id);
  return (
    <FormPage title={t`User data link`}>
      {!link ? (
        <PageLoading />
      ) : (
        <DetailView backTo="/user-data" editTo={`/user-data/${link.id}/edit`}>
          <Facts>
            <Fact label={<Trans>User</Trans>}>{link.user?.login}</Fact>
            <Fact label={<Trans>Fulfillment</Trans>}>{organisationLink("/fulfillment", link.fulfillment)}</Fact>
            <Fact label={<Trans>Customer</Trans>}>{organisationLink("/customer", link.customer)}</Fact>
          </Facts>
        </DetailView>
      )}
    </FormPage>
  );
}
