import { useLingui } from "@lingui/react/macro";
import { DownloadIcon, FileTextIcon } from "@radix-ui/react-icons";
import { IconButton } from "@radix-ui/themes";
import { fetchFile, isText, saveDownloaded } from "../api/download";
import { describeFailure } from "../errors/describeFailure";
import { showNotices } from "../errors/notices";
import { isZpl, type LabelType } from "../shipping/labelTypes";
import type { LabelSelection } from "./port";
import { usePrintLabels } from "./usePrintLabels";
import { labelLockMs, useLock } from "./useLock";

type LabelButtonProps = {
  /** The REST path of the label: a PDF or ZPL text. */
  path: string;
  /** The label's type: ZPL types print (spec 2 §5.3), PDF downloads. */
  labelType: LabelType | undefined;
  /** Names the label for the button's accessible name and the saved file. */
  name: string;
  /** The stored label, as a network printer prints it: the shipment's or the parcel's. */
  selection: LabelSelection;
};

/**
 * The row action "label print or download" (spec 1 §2, spec 2 §2.3): a ZPL
 * label goes to the user's printer, a PDF is saved. Locked for 5 s after a
 * click (spec 2 §4.4).
 */
export function LabelButton({ path, labelType, name, selection }: LabelButtonProps) {
  const { t } = useLingui();
  const printing = usePrintLabels();
  const [locked, lock] = useLock(labelLockMs);
  const zpl = isZpl(labelType);
  return (
    <IconButton
      variant="ghost"
      aria-label={zpl ? t`Print the label of ${name}` : t`Download the label of ${name}`}
      disabled={locked}
      loading={printing.printing}
      onClick={async () => {
        lock();
        try {
          if (zpl) {
            await printing.printLabels({ selection, zpl: async () => (await fetchFile(path)).blob.text() });
            return;
          }
          const file = await fetchFile(path);
          if (isText(file)) await printing.printLabels({ selection, zpl: () => file.blob.text() });
          else saveDownloaded(file, `label-${name}.pdf`);
        } catch (error) {
          const outcome = describeFailure(error);
          if (outcome.kind === "notify") showNotices(outcome.messages);
        }
      }}
    >
      {zpl ? <FileTextIcon /> : <DownloadIcon />}
    </IconButton>
  );
}
