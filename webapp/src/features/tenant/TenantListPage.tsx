import { Trans, useLingui } from "@lingui/react/macro";
import { Flex } from "@radix-ui/themes";
import { useTenantPage } from "../../api/organisation";
import { isSuperAdmin } from "../../auth/access";
import { useSession } from "../../auth/session";
import { CreateButton, ListPage } from "../../components/ListPage";
import { type DataColumn, DataTable } from "../../components/DataTable";
import { usePageParams } from "../../components/pageParams";
import { RowActions } from "../../components/RowActions";
import { Warning } from "../../components/Warning";
import type { Tenant } from "../../gen/portal/v1/tenants_pb";
import { pageTitles } from "../../navigation/pageTitles";
import { HubAddress } from "./HubAddress";

const pageSizes = [20];

/**
 * /tenant (spec 3 §2): subsidiaries with their hubs and addresses, the
 * default hub highlighted. Only the super admin creates and deletes (§6).
 */
export function TenantListPage() {
  const { i18n, t } = useLingui();
  const session = useSession();
  const superAdmin = session !== null && isSuperAdmin(session);
  const { page, size, setPage } = usePageParams(pageSizes);
  const tenants = useTenantPage({ page, size });
  const columns: DataColumn<Tenant>[] = [
    { id: "subsidiary", header: t`Subsidiary`, meta: { rowHeader: true }, cell: ({ row }) => row.original.subsidiary },
    {
      id: "hubs",
      header: t`Hubs`,
      cell: ({ row }) => (
        <Flex direction="column" gap="1">
          {row.original.hubs.map((hub) => (
            <HubAddress key={String(hub.id)} hub={hub} />
          ))}
        </Flex>
      ),
    },
  ];
  return (
    <ListPage
      title={i18n._(pageTitles.tenant)}
      actions={
        superAdmin && (
          <CreateButton to="/tenant/new">
            <Trans>Create a new tenant</Trans>
          </CreateButton>
        )
      }
    >
      <DataTable
        items={tenants.data?.items}
        failed={tenants.isError}
        empty={
          <Warning>
            <Trans>No Tenants found</Trans>
          </Warning>
        }
        columns={columns}
        rowId={(tenant) => String(tenant.id)}
        // A tenant's hubs stand one under the other: its cells keep to the top.
        rowProps={() => ({ align: undefined, "data-testid": "tenant-row" })}
        actions={({ id, subsidiary }) => (
          <RowActions
            path={`/tenant/${id}`}
            labels={{
              view: t`View ${subsidiary}`,
              edit: t`Edit ${subsidiary}`,
              delete: superAdmin ? t`Delete ${subsidiary}` : undefined,
            }}
          />
        )}
        pagination={{ page, size, total: tenants.data?.totalCount ?? 0, onPageChange: setPage }}
      />
    </ListPage>
  );
}
