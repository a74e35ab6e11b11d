import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Trans, useLingui } from "@lingui/react/macro";
import { EyeOpenIcon, Pencil1Icon, PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import {
  Badge,
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
import { Link, Outlet } from "react-router";
import { useAcsses } from "../../api/acss";
import { formatDateTime } from "../../i18n/format";
import { PageLoading } from "../../pages/PageLoading";
import { pageTitles } from "../../routes/pageTitles";
import { usePageTitle } from "../../shell/usePageTitle";
import { DownloadAcssButton } from "./DownloadAcssButton";

/** /acss: the address-correction files with a CSV download per row. */
export function AcssListPage() {
  const { t, i18n } = useLingui();
  const title = i18n._(pageTitles.acss);
  usePageTitle(title);
  const files = useAcsses();
  return (
    <Container size="4" px="4" py="6">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="7">
            {title}
          </Heading>
          <Button asChild>
            <Link to="/acss/new">
              <PlusIcon />
              <Trans>Create a new acss file</Trans>
            </Link>
          </Button>
        </Flex>
        {!files.data ? (
          files.isError ? null : (
            <PageLoading />
          )
        ) : files.data.length === 0 ? (
          <Callout.Root color="amber" role="alert">
            <Callout.Text>
              <Trans>No acss files found</Trans>
            </Callout.Text>
          </Callout.Root>
        ) : (
          <Table.Root variant="surface">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>
                  <Trans>Name</Trans>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <Trans>Description</Trans>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <Trans>CSV file</Trans>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <Trans>Tenant</Trans>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <Trans>Created at</Trans>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <Trans>Active</Trans>
                </Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <VisuallyHidden>
                    <Trans>Actions</Trans>
                  </VisuallyHidden>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {files.data.map((acss) => {
                const path = `/acss/${acss.id}`;
                return (
                  <Table.Row key={String(acss.id)} align="center">
                    <Table.RowHeaderCell>
                      <RadixLink asChild>
                        <Link to={path}>{acss.name}</Link>
                      </RadixLink>
                    </Table.RowHeaderCell>
                    <Table.Cell>{acss.description}</Table.Cell>
                    <Table.Cell>
                      <DownloadAcssButton acss={acss} />
                    </Table.Cell>
                    <Table.Cell>{acss.tenant?.name}</Table.Cell>
                    <Table.Cell>{acss.createdAt ? formatDateTime(timestampDate(acss.createdAt)) : ""}</Table.Cell>
                    <Table.Cell>
                      {acss.active && (
                        <Badge color="green">
                          <Trans>Active</Trans>
                        </Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      <Flex gap="2" justify="end">
                        <IconButton asChild variant="ghost" aria-label={t`View ${acss.name}`}>
                          <Link to={path}>
                            <EyeOpenIcon />
                          </Link>
                        </IconButton>
                        <IconButton asChild variant="ghost" aria-label={t`Edit ${acss.name}`}>
                          <Link to={`${path}/edit`}>
                            <Pencil1Icon />
                          </Link>
                        </IconButton>
                        <IconButton asChild variant="ghost" color="red" aria-label={t`Delete ${acss.name}`}>
                          <Link to={`${path}/delete`}>
                            <TrashIcon />
                          </Link>
                        </IconButton>
                      </Flex>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        )}
      </Flex>
      <Outlet />
    </Container>
  );
}
