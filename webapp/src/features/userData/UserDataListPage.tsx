import { Trans, useLingui } from "@lingui/react/macro";
import { PlusIcon } from "@radix-ui/react-icons";
import { Button, Callout, Link as RadixLink, Table } from "@radix-ui/themes";
import { Link, useSearchParams } from "react-router";
import { useUserDataPage } from "../../api/userData";
import { ListPage } from "../../components/ListPage";
import { PagedTable } from "../../components/PagedTable";
import { RowActions } from "../../components/RowActions";
import type { UserData } from "../../gen/portal/v1/user_data_pb";
import { pageTitles } from "../../routes/pageTitles";
import { userPath } from "../admin/users/userPath";
import { organisationLink } from "./organisationLink";

const pageSize = 20;

/**
 * /user-data (spec 3 §2): which login belongs to which customer or acts for
 * which fulfillment, as links; the delete confirmation opens over the list.
 */
export function UserDataListPage() {
  const { i18n } = useLingui();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(0, Number.parseInt(search.get("page") ?? "1", 10) - 1) || 0;
  const links = useUserDataPage({ page, size: pageSize, sort: "login", direction: "asc" });
  const setPage = (next: number) => setSearch(next === 0 ? {} : { page: String(next + 1) }, { replace: true });
  return (
    <ListPage
      title={i18n._(pageTitles.userData)}
      actions={
        <Button asChild>
          <Link to="/user-data/new">
            <PlusIcon />
            <Trans>Create a new link</Trans>
          </Link>
        </Button>
      }
    >
      <PagedTable
        items={links.data?.items}
        failed={links.isError}
        empty={
          <Callout.Root color="amber" role="alert">
            <Callout.Text>
              <Trans>No User Data found</Trans>
            </Callout.Text>
          </Callout.Root>
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
        row={(link) => <UserDataRow key={String(link.id)} link={link} search={search.toString()} />}
        pagination={{ page, size: pageSize, total: links.data?.totalCount ?? 0, onPageChange: setPage }}
      />
    </ListPage>
  );
}

function UserDataRow({ link, search }: { link: UserData; search: string }) {
  const { t } = useLingui();
  const login = link.user?.login ?? "";
  const path = `/user-data/${link.id}`;
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
          path={path}
          labels={{
            view: t`View the link of ${login}`,
            edit: t`Edit the link of ${login}`,
            delete: t`Delete the link of ${login}`,
          }}
          deleteTo={`${path}/delete${search ? `?${search}` : ""}`}
        />
      </Table.Cell>
    </Table.Row>
  );
}
