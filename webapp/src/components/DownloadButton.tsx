import { useLingui } from "@lingui/react/macro";
import { DownloadIcon } from "@radix-ui/react-icons";
import { Button } from "@radix-ui/themes";

type DownloadButtonProps = {
  /** The name the file is saved under, which the button shows. */
  fileName: string;
  /** The download is under way. */
  loading: boolean;
  onClick: () => void;
};

/** A file's name that downloads it, in a list row or beside a fact. */
export function DownloadButton({ fileName, loading, onClick }: DownloadButtonProps) {
  const { t } = useLingui();
  return (
    <Button variant="ghost" size="1" loading={loading} aria-label={t`Download ${fileName}`} onClick={onClick}>
      <DownloadIcon />
      {fileName}
    </Button>
  );
}
