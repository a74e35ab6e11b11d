import { Trans } from "@lingui/react/macro";
import { DownloadIcon } from "@radix-ui/react-icons";
import { Button } from "@radix-ui/themes";
import { useAddressBookTemplate, useExportAddressBook } from "../../api/addressBook";
import { saveFile } from "../../files/localFiles";

/** Downloads the customer's address book as CSV (';', UTF-8 with BOM). */
export function ExportButton({ customerId }: { customerId: bigint }) {
  const download = useExportAddressBook();
  return (
    <Button
      variant="soft"
      loading={download.isPending}
      onClick={() =>
        download.mutate(customerId, {
          onSuccess: (file) => file && saveFile(file.data, file.contentType, "address-book.csv"),
        })
      }
    >
      <DownloadIcon />
      <Trans>CSV download</Trans>
    </Button>
  );
}

/** Downloads the import's CSV template (GET /web/api/csv-template-docs/address-book). */
export function TemplateButton() {
  const download = useAddressBookTemplate();
  return (
    <Button
      variant="soft"
      loading={download.isPending}
      onClick={() =>
        download.mutate(undefined, {
          onSuccess: (file) => file && saveFile(file.data, file.contentType, "address-book-template.csv"),
        })
      }
    >
      <DownloadIcon />
      <Trans>CSV template</Trans>
    </Button>
  );
}
