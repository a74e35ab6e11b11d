import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Link } from "react-router";
import { usePendingRegistrations } from "../../api/userData";
import { type DataColumn, DataTable } from "../../components/DataTable";
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
  const { t } = useLingui();
  const [page, setPage] = useState(0);
  const pending = usePendingRegistrations({ page, size: pageSize });
  const total = pending.data?.totalCount ?? 0;
  const columns: DataColumn<RegistrationRequest>[] = [
    { id: "login", header: t`User`, meta: { rowHeader: true }, cell: ({ row }) => row.original.login },
    { id: "email", header: t`E-mail`, cell: ({ row }) => row.original.email },
    { id: "crmid", header: t`CRM ID`, cell: ({ row }) => row.original.crmid },
    {
      id: "customer",
      header: t`Matching customer`,
      cell: ({ row }) =>
        row.original.customer ? (
          row.original.customer.name
        ) : (
          <Text color="orange">
            <Trans>No customer has this CRM ID</Trans>
          </Text>
        ),
    },
    {
      id: "reason",
      header: t`Reason`,
      meta: { cellStyle: { whiteSpace: "pre-wrap", maxWidth: "20rem" } },
      cell: ({ row }) => row.original.requestReason,
    },
    {
      id: "requestedAt",
      header: t`Registered`,
      cell: ({ row }) => (row.original.requestedAt ? formatDateTime(new Date(row.original.requestedAt)) : ""),
    },
  ];
  return (
    <Flex direction="column" gap="3" asChild>
      <section aria-labelledby="pending-registrations">
        <Heading as="h2" size="4" id="pending-registrations">
          <Trans>Pending registrations ({total})</Trans>
        </Heading>
        <DataTable
          items={pending.data?.items}
          failed={pending.isError}
          empty={
            <Text as="p" size="2" color="gray">
              <Trans>No registration is waiting for a link.</Trans>
            </Text>
          }
          columns={columns}
          rowId={(request) => String(request.id)}
          actions={(request) => (
            <Button asChild size="1" variant="soft">
              <Link to={linkPath(request)} aria-label={t`Link ${request.login}`}>
                <Trans>Link</Trans>
              </Link>
            </Button>
          )}
          pagination={total > pageSize ? { page, size: pageSize, total, onPageChange: setPage } : undefined}
        />
      </section>
    </Flex>
  );
}
