import { useDownloadAcss } from "../../api/acss";
import { DownloadButton } from "../../components/DownloadButton";
import type { Acss } from "../../gen/portal/v1/acss_pb";
import { saveFile } from "../../files/localFiles";

/** Downloads an acss file's CSV under its file name. */
export function DownloadAcssButton({ acss }: { acss: Acss }) {
  const download = useDownloadAcss();
  const fileName = acss.fileName || "acss.csv";
  return (
    <DownloadButton
      fileName={fileName}
      loading={download.isPending}
      onClick={() =>
        download.mutate(acss.id, { onSuccess: (file) => file && saveFile(file.data, "text/csv", fileName) })
      }
    />
  );
}
