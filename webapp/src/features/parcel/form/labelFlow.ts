import { useState } from "react";
import { msg } from "@lingui/core/macro";
import type { I18n } from "@lingui/core";
import { fetchFile, isText, saveDownloaded } from "../../../api/download";
import { parcelFiles, useCreateParcel, useLabelParcel, useUpdateParcel, useValidateParcel } from "../../../api/parcels";
import { showNotices } from "../../../errors/notices";
import type { ValidatedShipment } from "../../../gen/portal/v1/batches_pb";
import { failureText } from "../../../shipping/violationText";
import { isZpl, type LabelType } from "../../../shipping/labelTypes";
import { type FormValues, fromValidation, toDto } from "./parcelForm";
import type { LabelSelection, Printable } from "../../../printing/port";

/** Info toasts of the label flow last 4 s (spec 2 §4.4). */
const infoMs = 4000;

/** What the label flow needs to know of the page. */
export type LabelFlowTarget = {
  customerId: bigint;
  /** The parcel being edited; null on /parcel/new. */
  parcelId: bigint | null;
  labelType: LabelType;
};

/** Where the flow is. */
export type FlowState =
  | { step: "idle" }
  | { step: "busy" }
  /** The server found violations: the 'validateFailed' alert and the proceed-anyway dialog (spec 2 §4.5). */
  | { step: "invalid" };

/**
 * The parcel label flow of spec 2 §4.5: the server validates the form (its
 * answer prefills the form), a valid form is created or updated and
 * labelled, then a PDF label is downloaded or a ZPL label printed on the
 * user's printer (`print`, usePrintLabels), and the flow answers the parcel
 * so that the page resets the form. An invalid form
 * stops at the 'validateFailed' alert with a dialog to proceed anyway.
 */
export function useLabelFlow(
  i18n: I18n,
  setValues: (values: FormValues) => void,
  print: (labels: Printable) => Promise<boolean>,
  initialCheck: ValidatedShipment | undefined = undefined,
) {
  const validate = useValidateParcel();
  const create = useCreateParcel();
  const update = useUpdateParcel();
  const label = useLabelParcel();
  const [state, setState] = useState<FlowState>({ step: "idle" });
  const [checked, setChecked] = useState<ValidatedShipment | undefined>(initialCheck);

  const fail = (error: unknown): never => {
    setState({ step: "idle" });
    throw error;
  };

  /** Runs the flow; answers the parcel once its label was handed over, else null. */
  async function run(values: FormValues, target: LabelFlowTarget, proceed = false): Promise<bigint | null> {
    setState({ step: "busy" });
    try {
      const form = toDto(values);
      if (!proceed) {
        const result = await validate.mutateAsync({ customerId: target.customerId, form });
        if (result) {
          setChecked(result);
          setValues(fromValidation(values, result));
          if (!result.valid) {
            setState({ step: "invalid" });
            return null;
          }
        }
      }
      let id = target.parcelId;
      if (id === null) {
        id = await create.mutateAsync({ customerId: target.customerId, labelType: target.labelType, form });
      } else {
        const stored = await update.mutateAsync({ id, form });
        if (stored) setChecked(stored);
      }
      const made = await label.mutateAsync(id);
      if (made.errors.length > 0) {
        // Label creation errors are joined with ', ' in an error toast (spec 2 §8).
        const text = made.errors.map((e) => failureText(i18n, e.message, e.params)).join(", ");
        showNotices([{ text: msg`The carrier made no label: ${text}` }]);
        setState({ step: "idle" });
        return null;
      }
      await deliver(id, target.labelType, print);
      setState({ step: "idle" });
      return id;
    } catch (error) {
      return fail(error);
    }
  }

  return {
    state,
    checked,
    setChecked,
    run,
    dismiss: () => setState({ step: "idle" }),
  };
}

/**
 * The label goes to the user: ZPL printed (the printing hook tells the
 * outcome), a PDF downloaded.
 */
async function deliver(
  id: bigint,
  labelType: LabelType,
  print: (labels: Printable) => Promise<boolean>,
): Promise<void> {
  const selection: LabelSelection = { case: "parcels", value: { ids: [id] } };
  const fetchLabel = () => fetchFile(parcelFiles.label(id), { cacheBuster: String(Date.now()) });
  try {
    if (isZpl(labelType)) {
      await print({ selection, zpl: async () => (await fetchLabel()).blob.text() });
      return;
    }
    const file = await fetchLabel();
    if (isText(file)) {
      await print({ selection, zpl: () => file.blob.text() });
      return;
    }
    saveDownloaded(file, `label-${id}.pdf`);
    showNotices([{ text: msg`Label downloaded` }], { tone: "info", duration: infoMs });
  } catch {
    showNotices([{ text: msg`The label could not be downloaded.` }]);
  }
}
