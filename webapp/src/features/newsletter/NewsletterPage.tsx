import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Flex, Link as RadixLink } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useSubscribeNewsletter } from "../../api/inquiries";
import { CheckboxField } from "../../components/form/CheckboxField";
import { FormMessages } from "../../components/form/FormMessages";
import { SuccessMessage } from "../../components/form/SuccessMessage";
import { TextInputField } from "../../components/form/TextInputField";
import { FormPage } from "../../components/FormPage";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import { pageTitles } from "../../navigation/pageTitles";
import { type NewsletterForm, type NewsletterRule, validateNewsletter } from "./newsletterRules";

const ruleMessages: Record<NewsletterRule, MessageDescriptor> = {
  required: msg`This field is required.`,
  minLength: msg`The company needs at least 2 characters.`,
  email: msg`Please enter a valid e-mail address.`,
  terms: msg`Please accept the terms.`,
};

const emptyForm: NewsletterForm = { company: "", email: "", acceptTerms: false };

/**
 * /newsletter-subscribe (spec 3 §2, §5): company, e-mail and terms, each
 * with its own message; then the success screen (the address is mailed a
 * link and subscribed once it is used: double opt-in) with a link back to
 * the dashboard.
 */
export function NewsletterPage() {
  const { i18n, t } = useLingui();
  const subscribe = useSubscribeNewsletter();
  const [form, setForm] = useState(emptyForm);
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  const violations = tried ? validateNewsletter(form) : {};
  const errorOf = (field: keyof NewsletterForm) => {
    const rule = violations[field];
    return rule ? ruleMessages[rule] : failure.fields[field];
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(noFailure);
    if (Object.keys(validateNewsletter(form)).length > 0) return;
    subscribe.mutate(
      { company: form.company.trim(), email: form.email.trim(), language: i18n.locale },
      {
        onSuccess: () => setDone(true),
        onError: (error) => setFailure(describeFormFailure(error, ["company", "email"])),
      },
    );
  };

  return (
    <FormPage title={i18n._(pageTitles.newsletter)}>
      {done ? (
        <Flex direction="column" gap="4">
          <SuccessMessage>
            <Trans>
              Please check your mailbox: we sent a link to the address. The address is subscribed once the link in that
              mail is used.
            </Trans>
          </SuccessMessage>
          <RadixLink asChild>
            <Link to="/dashboard">
              <Trans>Back to the dashboard</Trans>
            </Link>
          </RadixLink>
        </Flex>
      ) : (
        <form onSubmit={send} noValidate>
          <Flex direction="column" gap="4">
            <TextInputField
              label={t`Company`}
              name="company"
              value={form.company}
              onValueChange={(company) => setForm((f) => ({ ...f, company }))}
              error={errorOf("company")}
            />
            <TextInputField
              label={t`E-mail`}
              name="email"
              type="email"
              value={form.email}
              onValueChange={(email) => setForm((f) => ({ ...f, email }))}
              error={errorOf("email")}
            />
            <CheckboxField
              label={<Trans>I accept the terms of the newsletter.</Trans>}
              checked={form.acceptTerms}
              error={errorOf("acceptTerms")}
              onCheckedChange={(acceptTerms) => setForm((f) => ({ ...f, acceptTerms }))}
            />
            <FormMessages messages={failure.messages} />
            <Flex justify="end">
              <Button type="submit" loading={subscribe.isPending}>
                <Trans>Subscribe</Trans>
              </Button>
            </Flex>
          </Flex>
        </form>
      )}
    </FormPage>
  );
}
