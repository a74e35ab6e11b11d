import { Trans, useLingui } from "@lingui/react/macro";
import { Link as RadixLink } from "@radix-ui/themes";
import { Link, useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useUserData } from "../../api/userData";
import { DetailView, Fact } from "../../components/DetailView";
import { FormPage } from "../../components/FormPage";
import { PageLoading } from "../../pages/PageLoading";

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
          <Fact label={<Trans>User</Trans>}>{link.user?.login}</Fact>
          <Fact label={<Trans>Fulfillment</Trans>}>
            {link.fulfillment && link.fulfillment.id > 0n && (
              <RadixLink asChild>
                <Link to={`/fulfillment/${link.fulfillment.id}`}>{link.fulfillment.name}</Link>
              </RadixLink>
            )}
          </Fact>
          <Fact label={<Trans>Customer</Trans>}>
            {link.customer && link.customer.id > 0n && (
              <RadixLink asChild>
                <Link to={`/customer/${link.customer.id}`}>{link.customer.name}</Link>
              </RadixLink>
            )}
          </Fact>
        </DetailView>
      )}
    </FormPage>
  );
}
