import { Trans, useLingui } from "@lingui/react/macro";
import { EyeOpenIcon, Pencil1Icon, PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import {
  Button,
  Callout,
  Container,
  Flex,
  Heading,
  IconButton,
  Link as RadixLink,
  Table,
  VisuallyHidden,
} from "@radix-ui/themes";
import { Link, Outlet, useSearchParams } from "react-router";
import { useUserDataPage } from "../../api/userData";
import { Pagination } from "../../components/Pagination";
import type { UserData } from "../../gen/portal/v1/user_data_pb";
import { PageLoading } from "../../pages/PageLoading";
import { pageTitles } from "../../routes/pageTitles";
import { usePageTitle } from "../../shell/usePageTitle";

const pageSize = 20;

/**
 * /user-data (spec 3 §2): which login belongs to which customer or acts for
 * which fulfillment, as links; the delete confirmation opens over the list.
 */
export function UserDataListPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._(pageTitles.userData));
  const [search, setSearch] = useSearchParams();
  const page = Math.max(0, Number.parseInt(search.get("page") ?? "1", 10) - 1) || 0;
  const links = useUserDataPage({ page, size: pageSize, sort: "login", direction: "asc" });
  const setPage = (next: number) => setSearch(next === 0 ? {} : { page: String(next + 1) }, { replace: true });
  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="7">
            {i18n._(pageTitles.userData)}
          </Heading>
          <Button asChild>
            <Link to="/user-data/new">
              <PlusIcon />
              <Trans>Create a new link</Trans>
            </Link>
          </Button>
        </Flex>
        {!links.data ? (
          links.isError ? null : (
            <PageLoading />
          )
        ) : links.data.items.length === 0 ? (
          <Callout.Root color="amber" role="alert">
            <Callout.Text>
              <Trans>No User Data found</Trans>
            </Callout.Text>
          </Callout.Root>
        ) : (
          <>
            <Table.Root variant="surface">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>
                    <Trans>User</Trans>
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <Trans>Fulfillment</Trans>
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <Trans>Customer</Trans>
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <VisuallyHidden>
                      <Trans>Actions</Trans>
                    </VisuallyHidden>
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {links.data.items.map((link) => (
                  <UserDataRow key={String(link.id)} link={link} search={search.toString()} />
                ))}
              </Table.Body>
            </Table.Root>
            <Pagination page={page} size={pageSize} total={links.data.totalCount} onPageChange={setPage} />
          </>
        )}
      </Flex>
      <Outlet />
    </Container>
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
          <Link to={`/admin/user-management/${encodeURIComponent(login)}`}>{login}</Link>
        </RadixLink>
      </Table.RowHeaderCell>
      <Table.Cell>
        {link.fulfillment && link.fulfillment.id > 0n && (
          <RadixLink asChild>
            <Link to={`/fulfillment/${link.fulfillment.id}`}>{link.fulfillment.name}</Link>
          </RadixLink>
        )}
      </Table.Cell>
      <Table.Cell>
        {link.customer && link.customer.id > 0n && (
          <RadixLink asChild>
            <Link to={`/customer/${link.customer.id}`}>{link.customer.name}</Link>
          </RadixLink>
        )}
      </Table.Cell>
      <Table.Cell>
        <Flex gap="2" justify="end">
          <IconButton asChild variant="ghost" aria-label={t`View the link of ${login}`}>
            <Link to={path}>
              <EyeOpenIcon />
            </Link>
          </IconButton>
          <IconButton asChild variant="ghost" aria-label={t`Edit the link of ${login}`}>
            <Link to={`${path}/edit`}>
              <Pencil1Icon />
            </Link>
          </IconButton>
          <IconButton asChild variant="ghost" color="red" aria-label={t`Delete the link of ${login}`}>
            <Link to={`${path}/delete${search ? `?${search}` : ""}`}>
              <TrashIcon />
            </Link>
          </IconButton>
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}
