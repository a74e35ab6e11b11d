import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Flex, Text } from "@radix-ui/themes";
import { passwordStrength, type StrengthLevel } from "../../auth/passwordStrength";
import "./StrengthMeter.css";

const levelNames: Record<StrengthLevel, MessageDescriptor> = {
  0: msg`Very weak`,
  1: msg`Weak`,
  2: msg`Fair`,
  3: msg`Good`,
  4: msg`Strong`,
};

const levelColors: Record<StrengthLevel, string> = {
  0: "var(--red-9)",
  1: "var(--orange-9)",
  2: "var(--amber-9)",
  3: "var(--lime-9)",
  4: "var(--green-9)",
};

/** The five-level strength meter of the shared password field (spec 1 §5), scored like the server. */
export function StrengthMeter({ password }: { password: string }) {
  const { i18n } = useLingui();
  const { level } = passwordStrength(password);
  const filled = password === "" ? 0 : level + 1;
  const name = password === "" ? "" : i18n._(levelNames[level]);
  return (
    <Flex align="center" gap="2">
      <Text size="1" color="gray">
        <Trans>Password strength:</Trans>
      </Text>
      <div
        className="strength-meter"
        role="meter"
        aria-label={i18n._(msg`Password strength`)}
        aria-valuemin={0}
        aria-valuemax={5}
        aria-valuenow={filled}
        aria-valuetext={name}
      >
        {[0, 1, 2, 3, 4].map((segment) => (
          <span
            key={segment}
            className="strength-meter-segment"
            style={segment < filled ? { background: levelColors[level] } : undefined}
          />
        ))}
      </div>
      <Text size="1" weight="medium" aria-hidden>
        {name}
      </Text>
    </Flex>
  );
}
