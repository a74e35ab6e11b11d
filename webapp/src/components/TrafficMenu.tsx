import { Trans, useLingui } from "@lingui/react/macro";
import { CaretDownIcon } from "@radix-ui/react-icons";
import { Button, DropdownMenu } from "@radix-ui/themes";
import { type ReactNode, useState } from "react";
import { type DownloadedFile, saveDownloaded, useFileDownload } from "../api/download";
import { TrafficKind } from "../gen/portal/v1/vocabulary_pb";
import { TextFileDialog } from "./TextFileDialog";

/** A side of the traffic as the REST query and the file name spell it: request, response. */
const queryName = (kind: TrafficKind) => TrafficKind[kind].toLowerCase();
type TextView = { title: string; file: DownloadedFile; text: string; fileName: string };

/**
 * The SOAP traffic of a batch or a shipment (admins, spec 2 §6): `path`
 * answers every request or response as one XML document (`?kind=`), which
 * is shown (`dialog`) or saved as `${name}-${kind}.xml` unless the server
 * names the file.
 */
export function useTraffic(path: string, name: string) {
  const { t } = useLingui();
  const download = useFileDownload();
  const [view, setView] = useState<TextView | null>(null);
  const fetchTraffic = (kind: TrafficKind, show: boolean) =>
    download.mutate(
      { path, query: { kind: queryName(kind) } },
      {
        onSuccess: async (file) => {
          const fileName = file.fileName || `${name}-${queryName(kind)}.xml`;
          if (!show) return saveDownloaded(file, fileName);
          setView({
            title: kind === TrafficKind.REQUEST ? t`SOAP requests` : t`SOAP responses`,
            file,
            text: await file.blob.text(),
            fileName,
          });
        },
      },
    );
  const dialog = view && (
    <TextFileDialog
      title={view.title}
      text={view.text}
      fileName={view.fileName}
      contentType={view.file.contentType}
      onClose={() => setView(null)}
    />
  );
  return { fetchTraffic, isPending: download.isPending, dialog };
}

/** The four items of a traffic menu: view or download the requests or the responses. */
export function TrafficMenuItems({ onFetch }: { onFetch: (kind: TrafficKind, show: boolean) => void }) {
  return (
    <>
      <DropdownMenu.Item onSelect={() => onFetch(TrafficKind.REQUEST, true)}>
        <Trans>View requests</Trans>
      </DropdownMenu.Item>
      <DropdownMenu.Item onSelect={() => onFetch(TrafficKind.RESPONSE, true)}>
        <Trans>View responses</Trans>
      </DropdownMenu.Item>
      <DropdownMenu.Separator />
      <DropdownMenu.Item onSelect={() => onFetch(TrafficKind.REQUEST, false)}>
        <Trans>Download requests</Trans>
      </DropdownMenu.Item>
      <DropdownMenu.Item onSelect={() => onFetch(TrafficKind.RESPONSE, false)}>
        <Trans>Download responses</Trans>
      </DropdownMenu.Item>
    </>
  );
}

/** Admins: a button opening the traffic menu of `path`. */
export function TrafficMenu({ path, name }: { path: string; name: string }): ReactNode {
  const traffic = useTraffic(path, name);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <Button variant="soft" color="gray" loading={traffic.isPending}>
            <Trans>SOAP traffic</Trans>
            <CaretDownIcon />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content>
          <TrafficMenuItems onFetch={traffic.fetchTraffic} />
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      {traffic.dialog}
    </>
  );
}
