import { Trans } from "@lingui/react/macro";
import { Box, Button, Code, Flex, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useMfaRegistrationCode } from "../../api/account";

/**
 * Step one of registering a device: the QR image an authenticator app scans,
 * and for whoever cannot scan, the key to type in. If the image cannot be
 * fetched the failure is only logged and 'Loading image' stays (spec 1 §8).
 */
export function MfaRegistration({ pendingToken }: { pendingToken: string }) {
  const code = useMfaRegistrationCode(pendingToken, true);
  const imageUrl = useObjectUrl(code.data?.image ?? null);
  const [showKey, setShowKey] = useState(false);

  useEffect(() => {
    if (code.error) console.error("The MFA registration code could not be loaded.", code.error);
  }, [code.error]);

  const secret = code.data?.secret ?? null;
  return (
    <Flex direction="column" gap="3">
      <Text as="p" size="2">
        <Trans>
          1. Scan this code with an authenticator app on your phone, for example FreeOTP, Google Authenticator or
          Microsoft Authenticator.
        </Trans>
      </Text>
      <Flex direction="column" align="center" gap="2">
        {imageUrl ? (
          <img className="mfa-qr" src={imageUrl} alt="" data-testid="mfa-qr" />
        ) : (
          <Box className="mfa-qr mfa-qr-placeholder">
            <Text size="2" color="gray">
              <Trans>Loading image</Trans>
            </Text>
          </Box>
        )}
        {secret &&
          (showKey ? (
            <Flex direction="column" align="center" gap="1">
              <Text size="2" align="center">
                <Trans>Can't scan the code? Enter this key in your app:</Trans>
              </Text>
              <Code size="3" className="mfa-secret" data-testid="mfa-secret">
                {secret}
              </Code>
            </Flex>
          ) : (
            <Button type="button" variant="ghost" size="1" onClick={() => setShowKey(true)}>
              <Trans>Can't scan the code? Show the key</Trans>
            </Button>
          ))}
      </Flex>
      <Text as="p" size="2">
        <Trans>2. Enter the six-digit code that the app shows.</Trans>
      </Text>
    </Flex>
  );
}

/** A URL for the image bytes while the component shows them; released afterwards. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is a browser resource made and released with the blob; the effect owns its life
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [blob]);
  return url;
}
