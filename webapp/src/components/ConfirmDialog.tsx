import { Trans } from "@lingui/react/macro";
import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import { type ReactNode, useEffect, useState } from "react";

type ConfirmDialogProps = {
  title: ReactNode;
  /** What the user agrees to, and any warning. */
  children: ReactNode;
  confirmLabel: ReactNode;
  color?: "red" | "amber";
  onConfirm: () => void;
  onClose: () => void;
};

/** A question before a step that cannot be taken back (spec 2 §4.4); open while rendered. */
export function ConfirmDialog({ title, children, confirmLabel, color, onConfirm, onClose }: ConfirmDialogProps) {
  // The dialog has no trigger and leaves by unmounting: it gives the focus back to what had it (issue 16).
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      setTimeout(() => {
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
      });
    },
    [opener],
  );
  return (
    <AlertDialog.Root open onOpenChange={(open) => open || onClose()}>
      <AlertDialog.Content maxWidth="480px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{children}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              <Trans>Cancel</Trans>
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color={color} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
