import { Trans } from "@lingui/react/macro";
import { UploadIcon } from "@radix-ui/react-icons";
import { Spinner, Text } from "@radix-ui/themes";
import { type DragEvent, useState } from "react";
import "./FileDropZone.css";

type FileDropZoneProps = {
  /** The file input's accessible name. */
  label: string;
  /** A file is on its way: a spinner, and no new file taken. */
  busy: boolean;
  /** The files dropped or chosen; the page decides what one too many means. */
  onFiles: (files: FileList | null) => void;
  /** Excel workbooks (.xlsx) are taken beside CSV files (batch uploads). */
  workbooks?: boolean;
};

const csvTypes = ".csv,text/csv,text/plain";
const workbookTypes = ".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The upload pages' CSV drop zone (batches, address-book imports): drop a file, or click to choose one. */
export function FileDropZone({ label, busy, onFiles, workbooks = false }: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onFiles(event.dataTransfer.files);
  };
  return (
    <label
      className="drop-zone"
      data-dragging={dragging || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {busy ? <Spinner size="3" /> : <UploadIcon width="24" height="24" />}
      <Text size="2">
        {workbooks ? (
          <Trans>Drop a CSV or Excel file here or click to choose one</Trans>
        ) : (
          <Trans>Drop a CSV file here or click to choose one</Trans>
        )}
      </Text>
      <input
        type="file"
        accept={workbooks ? `${csvTypes},${workbookTypes}` : csvTypes}
        aria-label={label}
        disabled={busy}
        onChange={(event) => {
          onFiles(event.target.files);
          event.target.value = "";
        }}
      />
    </label>
  );
}
