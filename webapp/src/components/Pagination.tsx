import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronLeftIcon, ChevronRightIcon, DoubleArrowLeftIcon, DoubleArrowRightIcon } from "@radix-ui/react-icons";
import { Button, Flex, IconButton, Text } from "@radix-ui/themes";

type PaginationProps = {
  /** The page shown, from 0. */
  page: number;
  size: number;
  total: number;
  onPageChange: (page: number) => void;
};

/** The page numbers around the current one, so a long list stays one row of buttons. */
function pageWindow(page: number, pages: number, radius = 2): number[] {
  const first = Math.max(0, Math.min(page - radius, pages - 1 - 2 * radius));
  const last = Math.min(pages - 1, first + 2 * radius);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** Moves through a list the server pages: which items are shown, and the way to the others. */
export function Pagination({ page, size, total, onPageChange }: PaginationProps) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / size));
  const from = total === 0 ? 0 : page * size + 1;
  const to = Math.min(total, (page + 1) * size);
  return (
    <Flex justify="between" align="center" gap="3" wrap="wrap">
      <Text size="2" color="gray">
        <Trans>
          Showing {from} – {to} of {total} items.
        </Trans>
      </Text>
      <nav aria-label={t`Pages`}>
        <Flex gap="1" align="center">
          <IconButton
            variant="soft"
            color="gray"
            aria-label={t`First page`}
            disabled={page === 0}
            onClick={() => onPageChange(0)}
          >
            <DoubleArrowLeftIcon />
          </IconButton>
          <IconButton
            variant="soft"
            color="gray"
            aria-label={t`Previous page`}
            disabled={page === 0}
            onClick={() => onPageChange(page - 1)}
          >
            <ChevronLeftIcon />
          </IconButton>
          {pageWindow(page, pages).map((number) => {
            const shown = number + 1;
            return (
              <Button
                key={number}
                variant={number === page ? "solid" : "soft"}
                color={number === page ? undefined : "gray"}
                aria-current={number === page ? "page" : undefined}
                aria-label={t`Page ${shown}`}
                onClick={() => onPageChange(number)}
              >
                {shown}
              </Button>
            );
          })}
          <IconButton
            variant="soft"
            color="gray"
            aria-label={t`Next page`}
            disabled={page >= pages - 1}
            onClick={() => onPageChange(page + 1)}
          >
            <ChevronRightIcon />
          </IconButton>
          <IconButton
            variant="soft"
            color="gray"
            aria-label={t`Last page`}
            disabled={page >= pages - 1}
            onClick={() => onPageChange(pages - 1)}
          >
            <DoubleArrowRightIcon />
          </IconButton>
        </Flex>
      </nav>
    </Flex>
  );
}
