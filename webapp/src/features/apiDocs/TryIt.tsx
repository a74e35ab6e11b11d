import { Trans, useLingui } from "@lingui/react/macro";
import { PaperPlaneIcon } from "@radix-ui/react-icons";
import { Badge, Box, Button, Callout, Code, Flex, Link, Text, TextArea, TextField } from "@radix-ui/themes";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { readCredential } from "../../auth/credentialStore";
import type { ApiOperation, ApiSchemas } from "./openApi";
import { exampleOf } from "./schemas";
import { requestOf, sendCall, type TriedAnswer } from "./tryCall";

const statusColor = (status: number) => (status < 300 ? "green" : status < 500 ? "orange" : "red");

/**
 * Sends an operation from the reference with the signed-in user's session, as an integrator's client would: the
 * parameters and body the person types, the real call, and its answer (status, time, X-Total-Count, the body or the
 * file). Only what the session may do succeeds; the portal refuses the rest as it refuses any client.
 */
export function TryIt({ operation, schemas }: { operation: ApiOperation; schemas: ApiSchemas }) {
  const { t } = useLingui();
  const id = useId();
  const takesBody = operation.requestBody !== null && operation.method !== "GET";
  const example = useMemo(
    () => (takesBody ? JSON.stringify(exampleOf(operation.bodySchema, schemas), null, 2) : ""),
    [takesBody, operation.bodySchema, schemas],
  );
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(example);
  const [answer, setAnswer] = useState<TriedAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const answerRef = useRef<HTMLDivElement>(null);
  const fileUrl = useMemo(() => (answer && answer.text === null ? URL.createObjectURL(answer.blob) : null), [answer]);
  useEffect(() => () => void (fileUrl && URL.revokeObjectURL(fileUrl)), [fileUrl]);
  const fields = operation.parameters.filter((p) => p.in === "path" || p.in === "query");

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setFailed(false);
    try {
      setAnswer(await sendCall(requestOf(operation, values, body), readCredential()));
    } catch {
      setAnswer(null);
      setFailed(true);
    } finally {
      setSending(false);
      answerRef.current?.focus();
    }
  };

  return (
    <form onSubmit={(event) => void send(event)} aria-label={t`Try ${operation.method} ${operation.path}`}>
      <Flex direction="column" gap="2">
        {fields.map((parameter) => (
          <Flex key={`${parameter.in}:${parameter.name}`} direction="column" gap="1">
            <Text as="label" htmlFor={`${id}-${parameter.name}`} size="2" weight="medium">
              <Code variant="ghost">{parameter.name}</Code> (
              {parameter.in === "path" ? t`in the path` : t`in the query`})
            </Text>
            <TextField.Root
              id={`${id}-${parameter.name}`}
              value={values[parameter.name] ?? ""}
              required={parameter.required}
              placeholder={parameter.type}
              onChange={(event) => setValues({ ...values, [parameter.name]: event.target.value })}
            />
          </Flex>
        ))}
        {takesBody && (
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor={`${id}-body`} size="2" weight="medium">
              <Trans>Request body (JSON)</Trans>
            </Text>
            <TextArea
              id={`${id}-body`}
              value={body}
              rows={Math.min(12, body.split("\n").length + 1)}
              onChange={(event) => setBody(event.target.value)}
              style={{ fontFamily: "var(--code-font-family)" }}
            />
          </Flex>
        )}
        <Flex gap="3" align="center" wrap="wrap">
          <Button type="submit" loading={sending}>
            <PaperPlaneIcon aria-hidden />
            <Trans>Send</Trans>
          </Button>
          <Text size="1" color="gray">
            {operation.anonymous ? (
              <Trans>Sent without a sign-in.</Trans>
            ) : (
              <Trans>Sent with your session: it reads and changes real data.</Trans>
            )}
          </Text>
        </Flex>
        <Box ref={answerRef} tabIndex={-1} aria-live="polite" className="api-answer">
          {failed && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>
                <Trans>The call did not reach the portal.</Trans>
              </Callout.Text>
            </Callout.Root>
          )}
          {answer && (
            <Flex direction="column" gap="2">
              <Flex gap="2" align="center" wrap="wrap">
                <Badge color={statusColor(answer.status)} size="2">
                  {answer.status} {answer.statusText}
                </Badge>
                <Text size="1" color="gray">
                  {answer.ms} ms · {answer.contentType || t`no content type`}
                  {answer.totalCount !== null && ` · X-Total-Count: ${answer.totalCount}`}
                </Text>
              </Flex>
              {answer.text !== null ? (
                // A scrolling region a keyboard can reach.
                <pre className="api-answer-body" role="region" aria-label={t`Answer`} tabIndex={0}>
                  {answer.text}
                </pre>
              ) : (
                fileUrl && (
                  <Link href={fileUrl} download size="2">
                    <Trans>Save the answer ({answer.blob.size} bytes)</Trans>
                  </Link>
                )
              )}
            </Flex>
          )}
        </Box>
      </Flex>
    </form>
  );
}
