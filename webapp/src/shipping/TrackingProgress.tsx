import { useLingui } from "@lingui/react/macro";
import { Flex, Text } from "@radix-ui/themes";
import { activeStep, stepLabels, steps } from "./trackingSteps";

/** The six-step progress (spec 3 §4): the furthest step seen among the events is active. */
export function TrackingProgress({ codes }: { codes: readonly string[] }) {
  const { t } = useLingui();
  const active = activeStep(codes);
  return (
    <Flex asChild gap="1" wrap="wrap" aria-label={t`Progress`}>
      <ol style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {steps.map((step, index) => {
          const done = index <= active && (index > 0 || codes.includes(step));
          return (
            <li
              key={step}
              aria-current={index === active ? "step" : undefined}
              data-done={done}
              style={{
                flex: "1 1 0",
                minWidth: 90,
                padding: "6px 8px",
                borderTop: `4px solid ${done ? "var(--accent-9)" : "var(--gray-5)"}`,
              }}
            >
              <Text size="1" weight={index === active ? "bold" : "regular"} color={done ? undefined : "gray"}>
                {t(stepLabels[step])}
              </Text>
            </li>
          );
        })}
      </ol>
    </Flex>
  );
}
