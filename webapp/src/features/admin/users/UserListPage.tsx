import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Trans, useLingui } from "@lingui/react/macro";
import { EyeOpenIcon, MagnifyingGlassIcon, Pencil1Icon, PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import {
  Badge,
  Button,
  Callout,
  CheckboxGroup,
  Container,
  Flex,
  Heading,
  IconButton,
  Link as RadixLink,
  Table,
  Text,
  TextField,
  VisuallyHidden,
} from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { userStatuses, type UserStatusFilter, useUsersPage } from "../../../api/users";
import { roleLabel, statusLabel } from "../../../auth/roleLabels";
import { useSession } from "../../../auth/session";
import { Pagination } from "../../../components/Pagination";
import { SortableHeader } from "../../../components/SortableHeader";
import type { User } from "../../../gen/portal/v1/users_pb";
import { formatDateTime } from "../../../i18n/format";
import { PageLoading } from "../../../pages/PageLoading";
import { pageTitles } from "../../../routes/pageTitles";
import { usePageTitle } from "../../../shell/usePageTitle";
import { useUserListParams } from "./userListParams";

const statusColors: Record<string, "green" | "gray" | "blue" | "amber"> = {
  ACTIVE: "green",
  INACTIVE: "gray",
  NEW: "blue",
  PENDING: "amber",
};

/** The login as a path segment: logins may hold characters such as ? and {. */
export const userPath = (login: string) => `/admin/user-management/${encodeURIComponent(login)}`;

/**
 * /admin/user-management: the logins, paged, sorted and filtered by the
 * server (spec 1 §4, §7, §9), with the ways to look at, change, create and
 * delete them. The delete confirmation opens over the list.
 */
export function UserListPage() {
  const { i18n, t } = useLingui();
  usePageTitle(i18n._(pageTitles.userManagement));
  const { request, setPage, setSort, setStatus, setLogin } = useUserListParams();
  const users = useUsersPage(request);
  const location = useLocation();

  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="7">
            {i18n._(pageTitles.userManagement)}
          </Heading>
          <Flex gap="3">
            <Button asChild variant="soft">
              <Link to="/user-data">{i18n._(pageTitles.userData)}</Link>
            </Button>
            <Button asChild>
              <Link to="new">
                <PlusIcon />
                <Trans>Create a new user</Trans>
              </Link>
            </Button>
          </Flex>
        </Flex>
        <Flex gap="5" align="center" wrap="wrap">
          <LoginSearch value={request.login} onSearch={setLogin} />
          <Flex gap="3" align="center" role="group" aria-label={t`Status`}>
            <Text size="2" weight="medium" aria-hidden>
              <Trans>Status</Trans>
            </Text>
            <CheckboxGroup.Root
              value={request.status}
              onValueChange={(value) => setStatus(userStatuses.filter((s) => value.includes(s)) as UserStatusFilter[])}
            >
              <Flex gap="3">
                {userStatuses.map((status) => (
                  <CheckboxGroup.Item key={status} value={status}>
                    {statusLabel(status, i18n._.bind(i18n))}
                  </CheckboxGroup.Item>
                ))}
              </Flex>
            </CheckboxGroup.Root>
          </Flex>
        </Flex>
        {!users.data ? (
          users.isError ? null : (
            <PageLoading />
          )
        ) : users.data.users.length === 0 ? (
          <Callout.Root color="gray" role="status">
            <Callout.Text>
              <Trans>No users found.</Trans>
            </Callout.Text>
          </Callout.Root>
        ) : (
          <>
            <Table.Root variant="surface" aria-busy={users.isFetching}>
              <Table.Header>
                <Table.Row>
                  <SortableHeader
                    field="login"
                    sort={{ field: request.sort, direction: request.direction }}
                    onSort={setSort}
                  >
                    <Trans>Login</Trans>
                  </SortableHeader>
                  <SortableHeader
                    field="email"
                    sort={{ field: request.sort, direction: request.direction }}
                    onSort={setSort}
                  >
                    <Trans>E-mail</Trans>
                  </SortableHeader>
                  <SortableHeader
                    field="activationStatus"
                    sort={{ field: request.sort, direction: request.direction }}
                    onSort={setSort}
                  >
                    <Trans>Status</Trans>
                  </SortableHeader>
                  <Table.ColumnHeaderCell>
                    <Trans>Language</Trans>
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <Trans>Roles</Trans>
                  </Table.ColumnHeaderCell>
                  <SortableHeader
                    field="lastModifiedDate"
                    sort={{ field: request.sort, direction: request.direction }}
                    onSort={setSort}
                  >
                    <Trans>Modified</Trans>
                  </SortableHeader>
                  <Table.ColumnHeaderCell>
                    <VisuallyHidden>
                      <Trans>Actions</Trans>
                    </VisuallyHidden>
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {users.data.users.map((user) => (
                  <UserRow key={user.login} user={user} search={location.search} />
                ))}
              </Table.Body>
            </Table.Root>
            <Pagination page={request.page} size={request.size} total={users.data.totalCount} onPageChange={setPage} />
          </>
        )}
      </Flex>
      <Outlet />
    </Container>
  );
}

function UserRow({ user, search }: { user: User; search: string }) {
  const { i18n, t } = useLingui();
  const session = useSession();
  const translate = i18n._.bind(i18n);
  const { login } = user;
  const path = userPath(login);
  const modified = user.lastModifiedDate ?? user.createdDate;
  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>
        <RadixLink asChild>
          <Link to={path}>{user.login}</Link>
        </RadixLink>
      </Table.RowHeaderCell>
      <Table.Cell>{user.email}</Table.Cell>
      <Table.Cell>
        <Badge color={statusColors[user.activationStatus] ?? "gray"}>
          {statusLabel(user.activationStatus, translate)}
        </Badge>
      </Table.Cell>
      <Table.Cell>{user.langKey}</Table.Cell>
      <Table.Cell>
        <Flex gap="1" wrap="wrap">
          {user.authorities.map((role) => (
            <Badge key={role} variant="soft" color="gray">
              {roleLabel(role, translate)}
            </Badge>
          ))}
        </Flex>
      </Table.Cell>
      <Table.Cell>{modified ? formatDateTime(timestampDate(modified)) : ""}</Table.Cell>
      <Table.Cell>
        <Flex gap="2" justify="end">
          <IconButton asChild variant="ghost" aria-label={t`View ${login}`}>
            <Link to={path}>
              <EyeOpenIcon />
            </Link>
          </IconButton>
          <IconButton asChild variant="ghost" aria-label={t`Edit ${login}`}>
            <Link to={`${path}/edit`}>
              <Pencil1Icon />
            </Link>
          </IconButton>
          {/* Nobody deletes their own login by accident. */}
          {session?.login !== user.login && (
            <IconButton asChild variant="ghost" color="red" aria-label={t`Delete ${login}`}>
              <Link to={`${path}/delete${search}`}>
                <TrashIcon />
              </Link>
            </IconButton>
          )}
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}

/** The login search: it asks the server once the admin pauses typing. */
function LoginSearch({ value, onSearch }: { value: string; onSearch: (login: string) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => search.current(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <TextField.Root
      type="search"
      aria-label={t`Search by login`}
      placeholder={t`Search by login`}
      value={text}
      onChange={(event) => setText(event.target.value)}
    >
      <TextField.Slot>
        <MagnifyingGlassIcon />
      </TextField.Slot>
    </TextField.Root>
  );
}
