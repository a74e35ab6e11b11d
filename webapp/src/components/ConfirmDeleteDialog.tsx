import { Trans } from "@lingui/react/macro";
import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { FailureMessage } from "../errors/describeFailure";
import { FormMessages } from "./form/FormMessages";

type ConfirmDeleteDialogProps = {
  /** What is about to be deleted, in a sentence. */
  question: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  deleting: boolean;
  messages: FailureMessage[];
  /** Why the record cannot be deleted (now): said instead of the question, and no Delete button is offered. */
  refusal?: ReactNode;
};

/** The confirmation before deleting an entity (spec 1 §2, the /{id}/delete routes). */
export function ConfirmDeleteDialog({
  question,
  onConfirm,
  onClose,
  deleting,
  messages,
  refusal,
}: ConfirmDeleteDialogProps) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => open || onClose()}>
      <AlertDialog.Content maxWidth="450px">
        <AlertDialog.Title>
          <Trans>Confirm delete operation</Trans>
        </AlertDialog.Title>
        <AlertDialog.Description size="2">{refusal ?? question}</AlertDialog.Description>
        <Flex direction="column" gap="3" mt="4">
          <FormMessages messages={messages} />
          <Flex gap="3" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                {refusal ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}
              </Button>
            </AlertDialog.Cancel>
            {!refusal && (
              <Button color="red" loading={deleting} onClick={onConfirm}>
                <Trans>Delete</Trans>
              </Button>
            )}
          </Flex>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
