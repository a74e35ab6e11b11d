import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeftIcon, Pencil1Icon } from "@radix-ui/react-icons";
import { Button, DataList, Flex, Link as RadixLink } from "@radix-ui/themes";
import { Link, useParams } from "react-router";
import { parseId } from "../../api/ids";
import { useUserData } from "../../api/userData";
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
        <Flex direction="column" gap="5">
          <DataList.Root>
            <DataList.Item>
              <DataList.Label minWidth="120px">
                <Trans>User</Trans>
              </DataList.Label>
              <DataList.Value>{link.user?.login}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="120px">
                <Trans>Fulfillment</Trans>
              </DataList.Label>
              <DataList.Value>
                {link.fulfillment && link.fulfillment.id > 0n ? (
                  <RadixLink asChild>
                    <Link to={`/fulfillment/${link.fulfillment.id}`}>{link.fulfillment.name}</Link>
                  </RadixLink>
                ) : (
                  "–"
                )}
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="120px">
                <Trans>Customer</Trans>
              </DataList.Label>
              <DataList.Value>
                {link.customer && link.customer.id > 0n ? (
                  <RadixLink asChild>
                    <Link to={`/customer/${link.customer.id}`}>{link.customer.name}</Link>
                  </RadixLink>
                ) : (
                  "–"
                )}
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
          <Flex gap="3">
            <Button asChild variant="soft" color="gray">
              <Link to="/user-data">
                <ArrowLeftIcon />
                <Trans>Back</Trans>
              </Link>
            </Button>
            <Button asChild>
              <Link to={`/user-data/${link.id}/edit`}>
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
