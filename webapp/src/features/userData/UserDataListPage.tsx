import { Trans, useLingui } from "@lingui/react/macro";
import { Link as RadixLink, Table } from "@radix-ui/themes";
import { Link } from "react-router";
import { useUserDataPage } from "../../api/userData";
import { CreateButton, ListPage } from "../../components/ListPage";
import { PagedTable } from "../../components/PagedTable";
import { usePageParams } from "../../components/pageParams";
import { RowActions } from "../../components/RowActions";
import { Warning } from "../../components/Warning";
import type { UserData } from "../../gen/portal/v1/user_data_pb";
import { pageTitles } from "../../navigation/pageTitles";
import { userPath } from "../../navigation/userPath";
import { organisationLink } from "./organisationLink";
import { PendingRegistrations } from "./PendingRegistrations";

const pageSizes = [20];

/**
 * /user-data (spec 3 §2): which login belongs to which customer or acts for
 * which fulfillment, as links; the delete confirmation opens over the list.
 * The self-registrations waiting for a link come first, so none is forgotten.
 */
export function UserDataListPage() {
  const { i18n } = useLingui();
  const { page, size, setPage } = usePageParams(pageSizes);
  const links = useUserDataPage({ page, size, sort: "login", direction: "asc" });
  return (
    <ListPage
      title={i18n._(pageTitles.userData)}
      actions={
        <CreateButton to="/user-data/new">
          <Trans>Create a new link</Trans>
        </CreateButton>
      }
    >
      <PendingRegistrations />
      <PagedTable
        items={links.data?.items}
        failed={links.isError}
        empty={
          <Warning>
            <Trans>No User Data found</Trans>
          </Warning>
        }
        columns={
          <>
            <Table.ColumnHeaderCell>
              <Trans>User</Trans>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <Trans>Fulfillment</Trans>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <Trans>Customer</Trans>
            </Table.ColumnHeaderCell>
          </>
        }
        row={(link) => <UserDataRow key={String(link.id)} link={link} />}
        pagination={{ page, size, total: links.data?.totalCount ?? 0, onPageChange: setPage }}
      />
    </ListPage>
  );
}

function UserDataRow({ link }: { link: UserData }) {
  const { t } = useLingui();
  const login = link.user?.login ?? "";
  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>
        <RadixLink asChild>
          <Link to={userPath(login)}>{login}</Link>
        </RadixLink>
      </Table.RowHeaderCell>
      <Table.Cell>{organisationLink("/fulfillment", link.fulfillment)}</Table.Cell>
      <Table.Cell>{organisationLink("/customer", link.customer)}</Table.Cell>
      <Table.Cell>
        <RowActions
          path={`/user-data/${link.id}`}
          labels={{
            view: t`View the link of ${login}`,
            edit: t`Edit the link of ${login}`,
            delete: t`Delete the link of ${login}`,
          }}
        />
      </Table.Cell>
    </Table.Row>
  );
}
