import type { UseMutationResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { describeFormFailure, noFailure } from "../errors/formFailure";
import { ConfirmDeleteDialog } from "./ConfirmDeleteDialog";

type RouteDeleteDialogProps<Key, Answer> = {
  /** The list the dialog opens over; closing or deleting returns there with the list's query (page, size, filters). */
  listPath: string;
  /** The record the route names; null when the address names none, and the delete button does nothing. */
  target: Key | null;
  /** The delete of the record's kind; its failure shows in the dialog, which then stays open. */
  remove: UseMutationResult<Answer, Error, Key>;
  /** What is about to be deleted, in a sentence. */
  question: ReactNode;
  /** Why the record cannot be deleted (now), for a record whose delete the server would refuse: no Delete button. */
  refusal?: ReactNode;
  /** What follows a delete the server answered, besides going back to the list (a notice, say). */
  onDeleted?: (answer: Answer) => void;
};

/**
 * The {list}/{id}/delete route (spec 1 §2): the confirmation over the list,
 * the delete, and the way back to the list as it was, for every kind of
 * record; the record's dialog only asks its question.
 */
export function RouteDeleteDialog<Key, Answer>({
  listPath,
  target,
  remove,
  question,
  refusal,
  onDeleted,
}: RouteDeleteDialogProps<Key, Answer>) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [failure, setFailure] = useState(noFailure);
  const backToList = () => void navigate(`${listPath}${search}`);
  return (
    <ConfirmDeleteDialog
      question={question}
      refusal={refusal}
      deleting={remove.isPending}
      messages={failure.messages}
      onClose={backToList}
      onConfirm={() =>
        target !== null &&
        remove.mutate(target, {
          onSuccess: (answer) => {
            onDeleted?.(answer);
            backToList();
          },
          onError: (error) => setFailure(describeFormFailure(error)),
        })
      }
    />
  );
}
