import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowDownIcon, ArrowUpIcon, DragHandleDots2Icon } from "@radix-ui/react-icons";
import { Flex, IconButton, Link as RadixLink, Table, VisuallyHidden } from "@radix-ui/themes";
import { type DragEvent, useState } from "react";
import { Link } from "react-router";
import { useMoveNews, useNewsList } from "../../api/news";
import { CreateButton, ListPage } from "../../components/ListPage";
import { PagedTable } from "../../components/PagedTable";
import { RowActions } from "../../components/RowActions";
import { Warning } from "../../components/Warning";
import type { News } from "../../gen/portal/v1/news_pb";
import { formatTimestamp } from "../../i18n/format";
import { pageTitles } from "../../navigation/pageTitles";

/**
 * /news: created at and the English, German and Dutch summaries, in the
 * dashboard's order. Rows move by drag and drop or by their up and down
 * buttons; each move is sent as PUT web/api/news/{id}/order/{value}.
 */
export function NewsListPage() {
  const { i18n } = useLingui();
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

  return (
    <ListPage
      title={i18n._(pageTitles.news)}
      actions={
        <CreateButton to="/news/new">
          <Trans>Create a news item</Trans>
        </CreateButton>
      }
    >
      <PagedTable
        items={news.data}
        failed={news.isError}
        busy={move.isPending}
        empty={
          <Warning>
            <Trans>No news found</Trans>
          </Warning>
        }
        columns={
          <>
            <Table.ColumnHeaderCell>
              <VisuallyHidden>
                <Trans>Order</Trans>
              </VisuallyHidden>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <Trans>Created at</Trans>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <Trans>Summary (English)</Trans>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <Trans>Summary (German)</Trans>
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <Trans>Summary (Dutch)</Trans>
            </Table.ColumnHeaderCell>
          </>
        }
        row={(item, index) => (
          <NewsRow
            key={String(item.id)}
            item={item}
            index={index}
            last={index === items.length - 1}
            highlighted={over === index && dragged !== null && dragged !== item.id}
            onMove={(value) => moveTo(item.id, value)}
            onDragStart={() => setDragged(item.id)}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
            onDragOver={(event) => {
              event.preventDefault();
              event.dataTransfer.dropEffect = "move";
              setOver(index);
            }}
            onDrop={(event) => drop(event, index)}
          />
        )}
      />
    </ListPage>
  );
}

type NewsRowProps = {
  item: News;
  index: number;
  last: boolean;
  highlighted: boolean;
  onMove: (value: number) => void;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
};

function NewsRow({ item, index, last, highlighted, onMove, onDragStart, onDragEnd, onDragOver, onDrop }: NewsRowProps) {
  const { t } = useLingui();
  const path = `/news/${item.id}`;
  const label = item.summaryEn || String(item.id);
  return (
    <Table.Row
      align="center"
      draggable
      data-testid="news-row"
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", String(item.id));
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      onDragOver={onDragOver}
      onDrop={onDrop}
      style={highlighted ? { outline: "2px dashed var(--accent-9)", cursor: "grabbing" } : { cursor: "grab" }}
    >
      <Table.Cell>
        <Flex gap="1" align="center">
          <DragHandleDots2Icon aria-hidden />
          <IconButton
            size="1"
            variant="ghost"
            disabled={index === 0}
            aria-label={t`Move ${label} up`}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUpIcon />
          </IconButton>
          <IconButton
            size="1"
            variant="ghost"
            disabled={last}
            aria-label={t`Move ${label} down`}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDownIcon />
          </IconButton>
        </Flex>
      </Table.Cell>
      <Table.Cell>{formatTimestamp(item.createdAt)}</Table.Cell>
      <Table.RowHeaderCell>
        <RadixLink asChild>
          <Link to={path}>{item.summaryEn}</Link>
        </RadixLink>
      </Table.RowHeaderCell>
      <Table.Cell>{item.summaryDe}</Table.Cell>
      <Table.Cell>{item.summaryNl}</Table.Cell>
      <Table.Cell>
        <RowActions
          path={path}
          labels={{ view: t`View ${label}`, edit: t`Edit ${label}`, delete: t`Delete ${label}` }}
        />
      </Table.Cell>
    </Table.Row>
  );
}
