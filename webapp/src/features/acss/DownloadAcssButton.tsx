import { useLingui } from "@lingui/react/macro";
import { DownloadIcon } from "@radix-ui/react-icons";
import { Button } from "@radix-ui/themes";
import { useDownloadAcss } from "../../api/acss";
import type { Acss } from "../../gen/portal/v1/acss_pb";
import { saveFile } from "../documents/files";

/** Downloads an acss file's CSV under its file name. */
export function DownloadAcssButton({ acss }: { acss: Acss }) {
  const { t } = useLingui();
  const download = useDownloadAcss();
  const fileName = acss.fileName || "acss.csv";
  return (
    <Button
      variant="ghost"
      size="1"
      loading={download.isPending}
      aria-label={t`Download ${fileName}`}
      onClick={() =>
        download.mutate(acss.id, { onSuccess: (file) => file && saveFile(file.data, "text/csv", fileName) })
      }
    >
      <DownloadIcon />
      {fileName}
    </Button>
  );
}
