import { Trans } from "@lingui/react/macro";
import { Button, Flex } from "@radix-ui/themes";
import { Link } from "react-router";
import type { FailureMessage } from "../../errors/describeFailure";
import { FormMessages } from "./FormMessages";

type FormFooterProps = {
  /** The failure's messages no field of the form shows. */
  messages: FailureMessage[];
  /** Where Cancel goes back to: the record, or the list for a new one. */
  cancelTo: string;
  /** The save is under way. */
  saving: boolean;
};

/** The end of a record's edit form: what went wrong, then Cancel and Save. */
export function FormFooter({ messages, cancelTo, saving }: FormFooterProps) {
  return (
    <>
      <FormMessages messages={messages} />
      <Flex justify="end" gap="3">
        <Button asChild variant="soft" color="gray">
          <Link to={cancelTo}>
            <Trans>Cancel</Trans>
          </Link>
        </Button>
        <Button type="submit" loading={saving}>
          <Trans>Save</Trans>
        </Button>
      </Flex>
    </>
  );
}
