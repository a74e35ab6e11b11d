import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircledIcon, DownloadIcon } from "@radix-ui/react-icons";
import { Button, Callout, Flex, RadioGroup, Select, Text } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { type InvoiceReportRequest, invoiceReportFileName, useDownloadInvoiceReport } from "../../api/invoiceReports";
import { Field } from "../../components/form/Field";
import { FormPage } from "../../components/FormPage";
import { showNotices } from "../../errors/notices";
import { pageTitles } from "../../navigation/pageTitles";
import { saveFile } from "../../files/localFiles";
import { describeFormFailure } from "../../errors/formFailure";

const selectDate = msg`Please select a month and a year.`;
const selectYear = msg`Please select a year.`;
const downloadFailed = msg`The invoice report could not be downloaded.`;

/** The years offered: this one and the nine before it. */
function recentYears(now: Date): number[] {
  return Array.from({ length: 10 }, (_, index) => now.getFullYear() - index);
}

/**
 * The invoice report (spec 3 §2): monthly or yearly, by radio buttons; year
 * and month, or a year; then the CSV download, busy while it runs.
 */
export function InvoiceReportPage() {
  const { t, i18n } = useLingui();
  const download = useDownloadInvoiceReport();
  const [kind, setKind] = useState<"monthly" | "yearly">("monthly");
  const [year, setYear] = useState("");
  const [month, setMonth] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const monthNames = Array.from({ length: 12 }, (_, index) =>
    new Intl.DateTimeFormat(i18n.locale, { month: "long" }).format(new Date(2000, index, 1)),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (kind === "monthly" && (year === "" || month === "")) {
      showNotices([{ text: selectDate }]);
      return;
    }
    if (kind === "yearly" && year === "") {
      showNotices([{ text: selectYear }]);
      return;
    }
    const request: InvoiceReportRequest =
      kind === "monthly" ? { kind, year: Number(year), month: Number(month) } : { kind, year: Number(year) };
    const fileName = invoiceReportFileName(request);
    download.mutate(request, {
      onSuccess: (file) => {
        if (file) saveFile(file.data, "text/csv", fileName);
        setDone(fileName);
      },
      onError: (error) => {
        const failure = describeFormFailure(error);
        const messages = [...failure.messages, ...Object.values(failure.fields).map((text) => ({ text }))];
        showNotices(messages.length > 0 ? messages : [{ text: downloadFailed }]);
      },
    });
  };

  return (
    <FormPage title={i18n._(pageTitles.invoiceReport)}>
      <form onSubmit={submit} noValidate>
        <Flex direction="column" gap="4">
          <RadioGroup.Root
            value={kind}
            onValueChange={(value) => setKind(value as "monthly" | "yearly")}
            aria-label={t`Report period`}
          >
            <RadioGroup.Item value="monthly">
              <Trans>Monthly</Trans>
            </RadioGroup.Item>
            <RadioGroup.Item value="yearly">
              <Trans>Yearly</Trans>
            </RadioGroup.Item>
          </RadioGroup.Root>
          <Flex gap="4" wrap="wrap">
            <Field label={t`Year`}>
              {(control) => (
                <Select.Root value={year || undefined} onValueChange={setYear}>
                  <Select.Trigger {...control} placeholder={t`Choose a year`} />
                  <Select.Content>
                    {recentYears(new Date()).map((value) => (
                      <Select.Item key={value} value={String(value)}>
                        {value}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              )}
            </Field>
            {kind === "monthly" && (
              <Field label={t`Month`}>
                {(control) => (
                  <Select.Root value={month || undefined} onValueChange={setMonth}>
                    <Select.Trigger {...control} placeholder={t`Choose a month`} />
                    <Select.Content>
                      {monthNames.map((name, index) => (
                        <Select.Item key={name} value={String(index + 1)}>
                          {name}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                )}
              </Field>
            )}
          </Flex>
          {done && (
            <Callout.Root color="green" role="status">
              <Callout.Icon>
                <CheckCircledIcon />
              </Callout.Icon>
              <Callout.Text>
                <Trans>The invoice report {done} was downloaded.</Trans>
              </Callout.Text>
            </Callout.Root>
          )}
          <Flex justify="end">
            <Button type="submit" loading={download.isPending}>
              <DownloadIcon />
              <Text>
                <Trans>Download</Trans>
              </Text>
            </Button>
          </Flex>
        </Flex>
      </form>
    </FormPage>
  );
}
