import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Callout, Flex, RadioGroup, Text } from "@radix-ui/themes";
import { useState } from "react";
import { usePrinterSettings, useUpdatePrinterSettings } from "../../api/customers";
import { useActiveCustomer } from "../../auth/activeCustomer";
import { FormMessages } from "../../components/form/FormMessages";
import { FormPage } from "../../components/FormPage";
import { Warning } from "../../components/Warning";
import { describeFormFailure, noFailure } from "../../errors/formFailure";
import { PageLoading } from "../../pages/PageLoading";
import { useSession } from "../../auth/session";
import { PrinterChoice } from "../../printing/PrinterChoice";
import { loadPrinterPreference, type PrinterPreference, savePrinterPreference } from "../../printing/preferences";
import { isZpl, LabelType, labelTypeKey, labelTypeName, labelTypeOf } from "../../shipping/labelTypes";

const noPrinter: PrinterPreference = { agent: "browserPrint", printer: "", dpi: 203 };

/**
 * /account/printer: the active customer's label type, PDF (default) or ZPL,
 * and the printer ZPL labels go to, remembered for this user in this browser.
 */
export function PrinterSettingsPage() {
  const { t, i18n } = useLingui();
  const session = useSession();
  const [printer, setPrinter] = useState<PrinterPreference>(() => loadPrinterPreference(session?.login) ?? noPrinter);
  const { activeCustomer } = useActiveCustomer();
  const settings = usePrinterSettings(activeCustomer?.id ?? null);
  const save = useUpdatePrinterSettings();
  const [labelType, setLabelType] = useState(LabelType.PDF);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState(noFailure);
  // The choice follows the stored setting whenever that changes (adjusted while rendering, not in an effect).
  const [shownData, setShownData] = useState<LabelType>();
  if (settings.data && settings.data !== shownData) {
    setShownData(settings.data);
    setLabelType(isZpl(settings.data) ? LabelType.ZPL : LabelType.PDF);
  }
  return (
    <FormPage title={t`Printer settings`}>
      {!activeCustomer ? (
        <Warning>
          <Trans>Choose a customer first.</Trans>
        </Warning>
      ) : !settings.data ? (
        <PageLoading />
      ) : (
        <Flex direction="column" gap="4">
          <Text size="2">
            <Trans>Label format for {activeCustomer.name}</Trans>
          </Text>
          <RadioGroup.Root
            value={labelTypeKey(labelType)}
            onValueChange={(value) => {
              setSaved(false);
              setLabelType(labelTypeOf(value) ?? LabelType.PDF);
            }}
            aria-label={t`Label type`}
          >
            {[LabelType.PDF, LabelType.ZPL].map((type) => (
              <RadioGroup.Item key={type} value={labelTypeKey(type)}>
                {labelTypeName(i18n, type)}
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
          <PrinterChoice
            value={printer}
            customerId={activeCustomer.id}
            onChange={(value) => {
              setSaved(false);
              setPrinter(value);
            }}
          />
          <FormMessages messages={failure.messages} />
          {saved && (
            <Callout.Root color="green" role="status">
              <Callout.Text>
                <Trans>The printer settings have been saved.</Trans>
              </Callout.Text>
            </Callout.Root>
          )}
          <Flex justify="end">
            <Button
              loading={save.isPending}
              onClick={() => {
                setFailure(noFailure);
                if (session) savePrinterPreference(session.login, printer);
                save.mutate(
                  { id: activeCustomer.id, labelType },
                  { onSuccess: () => setSaved(true), onError: (error) => setFailure(describeFormFailure(error)) },
                );
              }}
            >
              <Trans>Save</Trans>
            </Button>
          </Flex>
        </Flex>
      )}
    </FormPage>
  );
}
