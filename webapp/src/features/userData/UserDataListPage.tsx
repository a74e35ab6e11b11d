import { Trans, useLingui } from "@lingui/react/macro";
import { Link as RadixLink } from "@radix-ui/themes";
import { Link } from "react-router";
import { useUserDataPage } from "../../api/userData";
import { CreateButton, ListPage } from "../../components/ListPage";
import { type DataColumn, DataTable } from "../../components/DataTable";
import { usePageParams } from "../../components/pageParams";
import { RowActions } from "../../components/RowActions";
import { Warning } from "../../components/Warning";
import type { UserData } from "../../gen/portal/v1/user_data_pb";
import { pageTitles } from "../../navigation/pageTitles";
import { userPath } from "../../navigation/userPath";
import { organisationLink } from "./organisationLink";
import { PendingRegistrations } from "./PendingRegistrations";

const pageSizes = [20];
const loginOf = (link: UserData) => link.user?.login ?? "";

/**
 * /user-data (spec 3 §2): which login belongs to which customer or acts for
 * which fulfillment, as links; the delete confirmation opens over the list.
 * The self-registrations waiting for a link come first, so none is forgotten.
 */
export function UserDataListPage() {
  const { i18n, t } = useLingui();
  const { page, size, setPage } = usePageParams(pageSizes);
  const links = useUserDataPage({ page, size, sort: "login", direction: "asc" });
  const columns: DataColumn<UserData>[] = [
    {
      id: "user",
      header: t`User`,
      meta: { rowHeader: true },
      cell: ({ row }) => (
        <RadixLink asChild>
          <Link to={userPath(loginOf(row.original))}>{loginOf(row.original)}</Link>
        </RadixLink>
      ),
    },
    {
      id: "fulfillment",
      header: t`Fulfillment`,
      cell: ({ row }) => organisationLink("/fulfillment", row.original.fulfillment),
    },
    { id: "customer", header: t`Customer`, cell: ({ row }) => organisationLink("/customer", row.original.customer) },
  ];
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
      <DataTable
        items={links.data?.items}
        failed={links.isError}
        empty={
          <Warning>
            <Trans>No User Data found</Trans>
          </Warning>
        }
        columns={columns}
        rowId={(link) => String(link.id)}
        actions={(link) => {
          const login = loginOf(link);
          return (
            <RowActions
              path={`/user-data/${link.id}`}
              labels={{
                view: t`View the link of ${login}`,
                edit: t`Edit the link of ${login}`,
                delete: t`Delete the link of ${login}`,
              }}
            />
          );
        }}
        pagination={{ page, size, total: links.data?.totalCount ?? 0, onPageChange: setPage }}
      />
    </ListPage>
  );
}
