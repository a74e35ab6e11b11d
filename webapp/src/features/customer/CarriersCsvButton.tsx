import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { DownloadIcon } from "@radix-ui/react-icons";
import { Button, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { useDownloadCarriersCsv } from "../../api/customers";
import { describeFormFailure } from "../../errors/formFailure";
import { saveFile } from "../../files/localFiles";

/** The server's keys, which the catalogs translate (spec 1 §5, §8). */
const missingCredentials: MessageDescriptor = { id: "error.carriersCsv.missingCredentials" };
const downloadFailed: MessageDescriptor = { id: "error.carriersCsv.downloadFailed" };
const downloaded = msg`The carrier list was downloaded.`;

/** The downloaded file's name, as the server names it. */
const fileName = "shippypro-carriers.csv";

/**
 * The carrier-list CSV download button (spec 1 §2) beside the customer's
 * API login: without a user name and password it says 'Missing required API
 * credentials.' and asks nothing; a failed download says 'Failed to
 * download the ShippyPro carriers CSV file.'.
 */
export function CarriersCsvButton({
  username,
  password,
  customerId,
}: {
  username: string;
  password: string;
  customerId: bigint;
}) {
  const { t, i18n } = useLingui();
  const download = useDownloadCarriersCsv();
  const [outcome, setOutcome] = useState<{ failed: boolean; text: MessageDescriptor } | null>(null);
  const run = () => {
    if (username.trim() === "" || password === "") {
      setOutcome({ failed: true, text: missingCredentials });
      return;
    }
    setOutcome(null);
    download.mutate(
      { username, password, customerId },
      {
        onSuccess: (file) => {
          if (file) saveFile(file.data, file.contentType, fileName);
          setOutcome({ failed: false, text: downloaded });
        },
        onError: (error) => {
          const [first] = describeFormFailure(error, [], downloadFailed).messages;
          setOutcome({ failed: true, text: first?.text ?? downloadFailed });
        },
      },
    );
  };
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <Button type="button" size="1" variant="soft" loading={download.isPending} onClick={run}>
        <DownloadIcon aria-hidden />
        {t`Download the carrier list (CSV)`}
      </Button>
      {outcome && (
        <Text size="1" color={outcome.failed ? "red" : "green"} role={outcome.failed ? "alert" : "status"}>
          {i18n._(outcome.text)}
        </Text>
      )}
    </Flex>
  );
}
