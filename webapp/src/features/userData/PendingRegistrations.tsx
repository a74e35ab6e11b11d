import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Link } from "react-router";
import { usePendingRegistrations } from "../../api/userData";
import { PagedTable } from "../../components/PagedTable";
import type { RegistrationRequest } from "../../gen/portal/v1/user_data_pb";
import { formatDateTime } from "../../i18n/format";

const pageSize = 10;

/** Where the link form opens for a request: its login, and the customer its CRM id names, chosen. */
export function linkPath(request: RegistrationRequest): string {
  const query = new URLSearchParams({ login: request.login });
  if (request.customer) query.set("customerId", String(request.customer.id));
  return `/user-data/new?${query}`;
}

/**
 * The self-registrations waiting for staff (issue 9): a registration is a
 * request, and its login reaches no customer until staff link it here. The
 * CRM id is what the visitor typed; the customer column says which customer
 * has it, for staff to check against the reason before linking.
 */
export function PendingRegistrations() {
  const [page, setPage] = useState(0);
  const pending = usePendingRegistrations({ page, size: pageSize });
  const total = pending.data?.totalCount ?? 0;
  return (
    <Flex direction="column" gap="3" asChild>
      <section aria-labelledby="pending-registrations">
        <Heading as="h2" size="4" id="pending-registrations">
          <Trans>Pending registrations ({total})</Trans>
        </Heading>
        <PagedTable
          items={pending.data?.items}
          failed={pending.isError}
          empty={
            <Text as="p" size="2" color="gray">
              <Trans>No registration is waiting for a link.</Trans>
            </Text>
          }
          columns={
            <>
              <Table.ColumnHeaderCell>
                <Trans>User</Trans>
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <Trans>E-mail</Trans>
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <Trans>CRM ID</Trans>
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <Trans>Matching customer</Trans>
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <Trans>Reason</Trans>
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <Trans>Registered</Trans>
              </Table.ColumnHeaderCell>
            </>
          }
          row={(request) => <PendingRow key={String(request.id)} request={request} />}
          pagination={total > pageSize ? { page, size: pageSize, total, onPageChange: setPage } : undefined}
        />
      </section>
    </Flex>
  );
}

function PendingRow({ request }: { request: RegistrationRequest }) {
  const { t } = useLingui();
  const requestedAt = request.requestedAt ? formatDateTime(new Date(request.requestedAt)) : "";
  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>{request.login}</Table.RowHeaderCell>
      <Table.Cell>{request.email}</Table.Cell>
      <Table.Cell>{request.crmid}</Table.Cell>
      <Table.Cell>
        {request.customer ? (
          request.customer.name
        ) : (
          <Text color="orange">
            <Trans>No customer has this CRM ID</Trans>
          </Text>
        )}
      </Table.Cell>
      <Table.Cell style={{ whiteSpace: "pre-wrap", maxWidth: "20rem" }}>{request.requestReason}</Table.Cell>
      <Table.Cell>{requestedAt}</Table.Cell>
      <Table.Cell>
        <Button asChild size="1" variant="soft">
          <Link to={linkPath(request)} aria-label={t`Link ${request.login}`}>
            <Trans>Link</Trans>
          </Link>
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}
