import { useLingui } from "@lingui/react/macro";
import { Flex, Spinner } from "@radix-ui/themes";

/** A page whose content is on its way: a spinner where the content will be. */
export function PageLoading() {
  const { t } = useLingui();
  return (
    <Flex justify="center" py="9" role="status" aria-label={t`Loading`}>
      <Spinner size="3" />
    </Flex>
  );
}
