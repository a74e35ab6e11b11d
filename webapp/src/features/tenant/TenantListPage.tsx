import { Trans, useLingui } from "@lingui/react/macro";
import { Flex, Table } from "@radix-ui/themes";
import { useTenantPage } from "../../api/organisation";
import { isSuperAdmin } from "../../auth/access";
import { useSession } from "../../auth/session";
import { CreateButton, ListPage } from "../../components/ListPage";
import { PagedTable } from "../../components/PagedTable";
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
  const { i18n } = useLingui();
  const session = useSession();
  const superAdmin = session !== null && isSuperAdmin(session);
  const { page, size, setPage } = usePageParams(pageSizes);
  const tenants = useTenantPage({ page, size });
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
      <PagedTable
        items={tenants.data?.items}
        failed={tenants.isError}
        empty={
          <Warning>
            <Trans>No Tenants found</Trans>
          </Warning>
        }
        columns={
          <>
            <Table.ColumnHeaderCell>
              <Trans>Subsidiary</Trans>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <Trans>Hubs</Trans>
            </Table.ColumnHeaderCell>
          </>
        }
        row={(tenant) => <TenantRow key={String(tenant.id)} tenant={tenant} superAdmin={superAdmin} />}
        pagination={{ page, size, total: tenants.data?.totalCount ?? 0, onPageChange: setPage }}
      />
    </ListPage>
  );
}

function TenantRow({ tenant, superAdmin }: { tenant: Tenant; superAdmin: boolean }) {
  const { t } = useLingui();
  const subsidiary = tenant.subsidiary;
  return (
    <Table.Row data-testid="tenant-row">
      <Table.RowHeaderCell>{subsidiary}</Table.RowHeaderCell>
      <Table.Cell>
        <Flex direction="column" gap="1">
          {tenant.hubs.map((hub) => (
            <HubAddress key={String(hub.id)} hub={hub} />
          ))}
        </Flex>
      </Table.Cell>
      <Table.Cell>
        <RowActions
          path={`/tenant/${tenant.id}`}
          labels={{
            view: t`View ${subsidiary}`,
            edit: t`Edit ${subsidiary}`,
            delete: superAdmin ? t`Delete ${subsidiary}` : undefined,
          }}
        />
      </Table.Cell>
    </Table.Row>
  );
}
