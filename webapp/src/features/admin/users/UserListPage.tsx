import { Trans, useLingui } from "@lingui/react/macro";
import { MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { Badge, Button, Callout, CheckboxGroup, Flex, Link as RadixLink, Text, TextField } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { userStatuses, useUsersPage } from "../../../api/users";
import { roleLabel, statusLabel } from "../../../auth/roleLabels";
import { useSession } from "../../../auth/session";
import { CreateButton, ListPage } from "../../../components/ListPage";
import { type DataColumn, DataTable } from "../../../components/DataTable";
import { RowActions } from "../../../components/RowActions";
import type { User } from "../../../gen/portal/v1/users_pb";
import { ActivationStatus } from "../../../gen/portal/v1/vocabulary_pb";
import { formatTimestamp } from "../../../i18n/formatTimestamp";
import { pageTitles } from "../../../navigation/pageTitles";
import { useUserListParams } from "./userListParams";
import { userPath } from "../../../navigation/userPath";

const statusColors: Record<
  Exclude<ActivationStatus, ActivationStatus.ACTIVATION_STATUS_UNSPECIFIED>,
  "green" | "gray" | "blue" | "amber"
> = {
  [ActivationStatus.ACTIVE]: "green",
  [ActivationStatus.INACTIVE]: "gray",
  [ActivationStatus.NEW]: "blue",
  [ActivationStatus.PENDING]: "amber",
};

/**
 * /admin/user-management: the logins, paged, sorted and filtered by the
 * server (spec 1 §4, §7, §9), with the ways to look at, change, create and
 * delete them. The delete confirmation opens over the list.
 */
export function UserListPage() {
  const { i18n, t } = useLingui();
  const { request, setPage, setSort, setStatus, setLogin } = useUserListParams();
  const users = useUsersPage(request);
  const session = useSession();
  const translate = i18n._.bind(i18n);
  const columns: DataColumn<User>[] = [
    {
      id: "login",
      header: t`Login`,
      enableSorting: true,
      meta: { rowHeader: true },
      cell: ({ row }) => (
        <RadixLink asChild>
          <Link to={userPath(row.original.login)}>{row.original.login}</Link>
        </RadixLink>
      ),
    },
    { id: "email", header: t`E-mail`, enableSorting: true, cell: ({ row }) => row.original.email },
    {
      id: "activationStatus",
      header: t`Status`,
      enableSorting: true,
      cell: ({ row: { original: user } }) => (
        <Badge color={user.activationStatus ? statusColors[user.activationStatus] : "gray"}>
          {statusLabel(user.activationStatus, translate)}
        </Badge>
      ),
    },
    { id: "langKey", header: t`Language`, cell: ({ row }) => row.original.langKey },
    {
      id: "roles",
      header: t`Roles`,
      cell: ({ row }) => (
        <Flex gap="1" wrap="wrap">
          {row.original.authorities.map((role) => (
            <Badge key={role} variant="soft" color="gray">
              {roleLabel(role, translate)}
            </Badge>
          ))}
        </Flex>
      ),
    },
    {
      id: "lastModifiedDate",
      header: t`Modified`,
      enableSorting: true,
      cell: ({ row }) => formatTimestamp(row.original.lastModifiedDate ?? row.original.createdDate),
    },
  ];

  return (
    <ListPage
      title={i18n._(pageTitles.userManagement)}
      actions={
        <Flex gap="3">
          <Button asChild variant="soft">
            <Link to="/user-data">{i18n._(pageTitles.userData)}</Link>
          </Button>
          <CreateButton to="new">
            <Trans>Create a new user</Trans>
          </CreateButton>
        </Flex>
      }
    >
      <Flex gap="5" align="center" wrap="wrap">
        <LoginSearch value={request.login} onSearch={setLogin} />
        <Flex gap="3" align="center" role="group" aria-label={t`Status`}>
          <Text size="2" weight="medium" aria-hidden>
            <Trans>Status</Trans>
          </Text>
          <CheckboxGroup.Root
            value={request.status.map(String)}
            onValueChange={(value) => setStatus(userStatuses.filter((s) => value.includes(String(s))))}
          >
            <Flex gap="3">
              {userStatuses.map((status) => (
                <CheckboxGroup.Item key={status} value={String(status)}>
                  {statusLabel(status, i18n._.bind(i18n))}
                </CheckboxGroup.Item>
              ))}
            </Flex>
          </CheckboxGroup.Root>
        </Flex>
      </Flex>
      <DataTable
        items={users.data?.users}
        failed={users.isError}
        busy={users.isFetching}
        empty={
          <Callout.Root color="gray" role="status">
            <Callout.Text>
              <Trans>No users found.</Trans>
            </Callout.Text>
          </Callout.Root>
        }
        columns={columns}
        rowId={(user) => user.login}
        sort={{ order: { field: request.sort, direction: request.direction }, onSort: setSort }}
        actions={({ login }) => (
          <RowActions
            path={userPath(login)}
            labels={{
              view: t`View ${login}`,
              edit: t`Edit ${login}`,
              // Nobody deletes their own login by accident.
              delete: session?.login !== login ? t`Delete ${login}` : undefined,
            }}
          />
        )}
        pagination={{
          page: request.page,
          size: request.size,
          total: users.data?.totalCount ?? 0,
          onPageChange: setPage,
        }}
      />
    </ListPage>
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
