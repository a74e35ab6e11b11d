import { useLingui } from "@lingui/react";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Callout, Flex } from "@radix-ui/themes";
import type { FailureMessage } from "../../errors/describeFailure";
import { messageText } from "../../errors/messageText";

/** What went wrong with a form's last call, shown above its buttons. */
export function FormMessages({ messages }: { messages: FailureMessage[] }) {
  const { i18n } = useLingui();
  if (messages.length === 0) return null;
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex direction="column" gap="1">
        {messages.map((message, index) => (
          <Callout.Text key={index}>
            {message.title && <strong>{i18n._(message.title)}: </strong>}
            {messageText(i18n, message.text)}
          </Callout.Text>
        ))}
      </Flex>
    </Callout.Root>
  );
}
