import { Trans, useLingui } from "@lingui/react/macro";
import { EyeOpenIcon, Pencil1Icon, PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import { Button, Callout, Container, Flex, Heading, IconButton, Table } from "@radix-ui/themes";
import { Link, Outlet, useSearchParams } from "react-router";
import { useTenantPage } from "../../api/organisation";
import { isSuperAdmin } from "../../auth/access";
import { useSession } from "../../auth/session";
import { Pagination } from "../../components/Pagination";
import type { Tenant } from "../../gen/portal/v1/tenants_pb";
import { PageLoading } from "../../pages/PageLoading";
import { pageTitles } from "../../routes/pageTitles";
import { usePageTitle } from "../../shell/usePageTitle";
import { HubAddress } from "./HubAddress";

const pageSize = 20;

/**
 * /tenant (spec 3 §2): subsidiaries with their hubs and addresses, the
 * default hub highlighted. Only the super admin creates and deletes (§6).
 */
export function TenantListPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._(pageTitles.tenant));
  const session = useSession();
  const superAdmin = session !== null && isSuperAdmin(session);
  const [search, setSearch] = useSearchParams();
  const page = Math.max(0, Number.parseInt(search.get("page") ?? "1", 10) - 1) || 0;
  const tenants = useTenantPage({ page, size: pageSize });
  const setPage = (next: number) => setSearch(next === 0 ? {} : { page: String(next + 1) }, { replace: true });
  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="7">
            {i18n._(pageTitles.tenant)}
          </Heading>
          {superAdmin && (
            <Button asChild>
              <Link to="/tenant/new">
                <PlusIcon />
                <Trans>Create a new tenant</Trans>
              </Link>
            </Button>
          )}
        </Flex>
        {!tenants.data ? (
          tenants.isError ? null : (
            <PageLoading />
          )
        ) : tenants.data.items.length === 0 ? (
          <Callout.Root color="amber" role="alert">
            <Callout.Text>
              <Trans>No Tenants found</Trans>
            </Callout.Text>
          </Callout.Root>
        ) : (
          <>
            <Table.Root variant="surface">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>
                    <Trans>Subsidiary</Trans>
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <Trans>Hubs</Trans>
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <Trans>Actions</Trans>
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {tenants.data.items.map((tenant) => (
                  <TenantRow
                    key={String(tenant.id)}
                    tenant={tenant}
                    superAdmin={superAdmin}
                    search={search.toString()}
                  />
                ))}
              </Table.Body>
            </Table.Root>
            <Pagination page={page} size={pageSize} total={tenants.data.totalCount} onPageChange={setPage} />
          </>
        )}
      </Flex>
      <Outlet />
    </Container>
  );
}

function TenantRow({ tenant, superAdmin, search }: { tenant: Tenant; superAdmin: boolean; search: string }) {
  const { t } = useLingui();
  const path = `/tenant/${tenant.id}`;
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
        <Flex gap="2">
          <IconButton asChild variant="ghost" aria-label={t`View ${subsidiary}`}>
            <Link to={path}>
              <EyeOpenIcon />
            </Link>
          </IconButton>
          <IconButton asChild variant="ghost" aria-label={t`Edit ${subsidiary}`}>
            <Link to={`${path}/edit`}>
              <Pencil1Icon />
            </Link>
          </IconButton>
          {superAdmin && (
            <IconButton asChild variant="ghost" color="red" aria-label={t`Delete ${subsidiary}`}>
              <Link to={`${path}/delete${search ? `?${search}` : ""}`}>
                <TrashIcon />
              </Link>
            </IconButton>
          )}
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}
