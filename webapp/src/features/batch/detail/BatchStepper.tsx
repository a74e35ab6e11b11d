import { Trans, useLingui } from "@lingui/react/macro";
import { CheckIcon, Cross2Icon, TrashIcon } from "@radix-ui/react-icons";
import { Flex, Spinner, Text } from "@radix-ui/themes";
import { Batch_Status } from "../../../gen/portal/v1/batches_pb";
import { stepNames, stepperOf } from "../../../shipping/batchStatus";
import { batchStatusName } from "../common/batchStatusName";
import "./BatchStepper.css";

/**
 * Upload, Sending, Sent, Manifest (spec 2 §2.1): the steps behind the batch
 * are done, the current one is marked (with a spinner while a job works on
 * it); any ERROR status shows one error step instead, a deleted batch one
 * deleted step.
 */
export function BatchStepper({ status, working }: { status: Batch_Status; working: boolean }) {
  const { t, i18n } = useLingui();
  const state = stepperOf(status, working);
  if (state.kind === "error") {
    return (
      <ol className="batch-stepper" aria-label={t`Progress of the batch`}>
        <li className="batch-step" data-state="error" aria-current="step">
          <span className="batch-step-mark">
            <Cross2Icon />
          </span>
          <Text size="2" weight="bold" color="red">
            <Trans>Error</Trans>
          </Text>
        </li>
      </ol>
    );
  }
  if (state.kind === "deleted") {
    return (
      <ol className="batch-stepper" aria-label={t`Progress of the batch`}>
        <li className="batch-step" data-state="deleted" aria-current="step">
          <span className="batch-step-mark">
            <TrashIcon />
          </span>
          <Text size="2" weight="bold">
            {i18n._(batchStatusName(Batch_Status.DELETED))}
          </Text>
        </li>
      </ol>
    );
  }
  return (
    <ol className="batch-stepper" aria-label={t`Progress of the batch`}>
      {stepNames.map((name, index) => {
        const stepState =
          index < state.current || (index === state.current && state.done)
            ? "complete"
            : index === state.current
              ? "current"
              : "upcoming";
        return (
          <li
            key={index}
            className="batch-step"
            data-state={stepState}
            aria-current={index === state.current ? "step" : undefined}
          >
            <span className="batch-step-mark">
              {stepState === "complete" ? (
                <CheckIcon />
              ) : stepState === "current" && state.working ? (
                <Spinner size="1" />
              ) : (
                index + 1
              )}
            </span>
            <Flex direction="column">
              <Text size="2" weight={stepState === "current" ? "bold" : "regular"}>
                {i18n._(name)}
              </Text>
            </Flex>
          </li>
        );
      })}
    </ol>
  );
}
