import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Callout, Flex, RadioGroup, Select, Text } from "@radix-ui/themes";
import { Field } from "../components/form/Field";
import { TextInputField } from "../components/form/TextInputField";
import { DpiSelect } from "./DpiSelect";
import { useState } from "react";
import { usePrinterClient } from "../api/printers";
import { browserPrintDefaultUrl, isLocalAgentAddress } from "./browserPrint";
import { agentAddressNotLocal, labelPrintingConnectionFailed } from "./messages";
import type { AgentKind, Dpi, PrinterInfo } from "./port";
import type { PrinterPreference } from "./preferences";
import { portFor } from "./usePrintLabels";

type PrinterChoiceProps = {
  value: PrinterPreference;
  onChange: (value: PrinterPreference) => void;
  customerId: bigint | null;
};

/**
 * The choice of printer in the printer settings: how labels are printed
 * (Zebra Browser Print, QZ Tray, or a network printer staff configured),
 * the printer from the agent's or the server's list, and its resolution.
 */
export function PrinterChoice({ value, onChange, customerId }: PrinterChoiceProps) {
  const { t, i18n } = useLingui();
  const client = usePrinterClient();
  const [printers, setPrinters] = useState<PrinterInfo[] | null>(null);
  const [finding, setFinding] = useState(false);
  const [failed, setFailed] = useState(false);
  const set = (change: Partial<PrinterPreference>) => onChange({ ...value, ...change });
  const agentUrl = value.agentUrl ?? browserPrintDefaultUrl;
  const agentAddressWrong = value.agent === "browserPrint" && !isLocalAgentAddress(agentUrl);

  const find = async () => {
    setFinding(true);
    setFailed(false);
    try {
      const found = await portFor(value, client, customerId).listPrinters();
      setPrinters(found);
    } catch {
      setPrinters(null);
      setFailed(true);
    } finally {
      setFinding(false);
    }
  };
  // The saved printer stays a choice even when the agent does not list it now.
  const choices = printers ?? [];
  const listed = value.printer && !choices.some((p) => p.id === value.printer);
  const options = listed ? [{ id: value.printer, name: value.printerName || value.printer }, ...choices] : choices;

  return (
    <Flex direction="column" gap="3">
      <Text size="2" weight="bold">
        <Trans>Printer for ZPL labels</Trans>
      </Text>
      <RadioGroup.Root
        value={value.agent}
        aria-label={t`How labels are printed`}
        onValueChange={(agent) => {
          setPrinters(null);
          setFailed(false);
          set({ agent: agent as AgentKind, printer: "" });
        }}
      >
        <RadioGroup.Item value="browserPrint">
          <Trans>Zebra Browser Print on this computer</Trans>
        </RadioGroup.Item>
        <RadioGroup.Item value="qzTray">
          <Trans>QZ Tray on this computer</Trans>
        </RadioGroup.Item>
        <RadioGroup.Item value="network">
          <Trans>Network printer of the warehouse (printed by the portal)</Trans>
        </RadioGroup.Item>
      </RadioGroup.Root>
      {value.agent === "browserPrint" && (
        <TextInputField
          label={<Trans>Browser Print address</Trans>}
          value={agentUrl}
          onValueChange={(agentUrl) => set({ agentUrl })}
          error={agentAddressWrong ? agentAddressNotLocal : null}
        />
      )}
      <Flex gap="2" align="end" wrap="wrap">
        <Button type="button" variant="soft" loading={finding} disabled={agentAddressWrong} onClick={() => void find()}>
          <Trans>Find printers</Trans>
        </Button>
        <Field label={<Trans>Printer</Trans>}>
          {(control) => (
            <Select.Root
              value={value.printer || undefined}
              onValueChange={(id) => {
                const printer = options.find((p) => p.id === id);
                set({ printer: id, printerName: printer?.name, dpi: printer?.dpi ?? value.dpi });
              }}
            >
              <Select.Trigger {...control} placeholder={t`Choose a printer`} />
              <Select.Content>
                {options.map((printer) => (
                  <Select.Item key={printer.id} value={printer.id}>
                    {printer.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </Field>
        <DpiSelect
          value={String(value.dpi)}
          disabled={value.agent === "network"}
          onChange={(dpi) => set({ dpi: Number(dpi) as Dpi })}
        />
      </Flex>
      {printers && printers.length === 0 && (
        <Text size="2" color="gray">
          <Trans>No printers were found.</Trans>
        </Text>
      )}
      {failed && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{i18n._(labelPrintingConnectionFailed)}</Callout.Text>
        </Callout.Root>
      )}
    </Flex>
  );
}
