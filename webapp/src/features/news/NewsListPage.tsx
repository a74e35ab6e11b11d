import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowDownIcon, ArrowUpIcon, DragHandleDots2Icon } from "@radix-ui/react-icons";
import { Flex, IconButton, Link as RadixLink, VisuallyHidden } from "@radix-ui/themes";
import { type DragEvent, useState } from "react";
import { Link } from "react-router";
import { useMoveNews, useNewsList } from "../../api/news";
import { CreateButton, ListPage } from "../../components/ListPage";
import { type DataColumn, DataTable } from "../../components/DataTable";
import { RowActions } from "../../components/RowActions";
import { Warning } from "../../components/Warning";
import type { News } from "../../gen/portal/v1/news_pb";
import { formatTimestamp } from "../../i18n/formatTimestamp";
import { pageTitles } from "../../navigation/pageTitles";

const newsPath = (item: News) => `/news/${item.id}`;
/** How a screen reader names a news item: its English summary, or its id. */
const labelOf = (item: News) => item.summaryEn || String(item.id);

/**
 * /news: created at and the English, German and Dutch summaries, in the
 * dashboard's order. Rows move by drag and drop or by their up and down
 * buttons; each move is sent as PUT web/api/news/{id}/order/{value}.
 */
export function NewsListPage() {
  const { i18n, t } = useLingui();
  const news = useNewsList();
  const move = useMoveNews();
  const [dragged, setDragged] = useState<bigint | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const items = news.data ?? [];

  const moveTo = (id: bigint, value: number) => {
    const from = items.findIndex((item) => item.id === id);
    if (from < 0 || from === value || value < 0 || value >= items.length) return;
    move.mutate({ id, value });
  };
  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged !== null) moveTo(dragged, index);
    setDragged(null);
    setOver(null);
  };

  const columns: DataColumn<News>[] = [
    {
      id: "order",
      header: () => (
        <VisuallyHidden>
          <Trans>Order</Trans>
        </VisuallyHidden>
      ),
      cell: ({ row: { original: item, index } }) => {
        const label = labelOf(item);
        return (
          <Flex gap="1" align="center">
            <DragHandleDots2Icon aria-hidden />
            <IconButton
              size="1"
              variant="ghost"
              disabled={index === 0}
              aria-label={t`Move ${label} up`}
              onClick={() => moveTo(item.id, index - 1)}
            >
              <ArrowUpIcon />
            </IconButton>
            <IconButton
              size="1"
              variant="ghost"
              disabled={index === items.length - 1}
              aria-label={t`Move ${label} down`}
              onClick={() => moveTo(item.id, index + 1)}
            >
              <ArrowDownIcon />
            </IconButton>
          </Flex>
        );
      },
    },
    { id: "createdAt", header: t`Created at`, cell: ({ row }) => formatTimestamp(row.original.createdAt) },
    {
      id: "summaryEn",
      header: t`Summary (English)`,
      meta: { rowHeader: true },
      cell: ({ row }) => (
        <RadixLink asChild>
          <Link to={newsPath(row.original)}>{row.original.summaryEn}</Link>
        </RadixLink>
      ),
    },
    { id: "summaryDe", header: t`Summary (German)`, cell: ({ row }) => row.original.summaryDe },
    { id: "summaryNl", header: t`Summary (Dutch)`, cell: ({ row }) => row.original.summaryNl },
  ];

  return (
    <ListPage
      title={i18n._(pageTitles.news)}
      actions={
        <CreateButton to="/news/new">
          <Trans>Create a news item</Trans>
        </CreateButton>
      }
    >
      <DataTable
        items={news.data}
        failed={news.isError}
        busy={move.isPending}
        empty={
          <Warning>
            <Trans>No news found</Trans>
          </Warning>
        }
        columns={columns}
        rowId={(item) => String(item.id)}
        rowProps={(item, index) => ({
          draggable: true,
          "data-testid": "news-row",
          onDragStart: (event) => {
            event.dataTransfer.effectAllowed = "move";
            event.dataTransfer.setData("text/plain", String(item.id));
            setDragged(item.id);
          },
          onDragEnd: () => {
            setDragged(null);
            setOver(null);
          },
          onDragOver: (event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = "move";
            setOver(index);
          },
          onDrop: (event) => drop(event, index),
          style:
            over === index && dragged !== null && dragged !== item.id
              ? { outline: "2px dashed var(--accent-9)", cursor: "grabbing" }
              : { cursor: "grab" },
        })}
        actions={(item) => {
          const label = labelOf(item);
          return (
            <RowActions
              path={newsPath(item)}
              labels={{ view: t`View ${label}`, edit: t`Edit ${label}`, delete: t`Delete ${label}` }}
            />
          );
        }}
      />
    </ListPage>
  );
}
