import { useLingui } from "@lingui/react/macro";
import { CalendarIcon } from "@radix-ui/react-icons";
import { IconButton, TextField, VisuallyHidden } from "@radix-ui/themes";
import { useRef, useState } from "react";
import { formatDay, parseDay } from "../../i18n/format";

type DateInputProps = {
  /** The day as the server takes it, YYYY-MM-DD; "" for none. */
  value: string;
  /** A typed or picked day (YYYY-MM-DD), or "" while the field holds no real day. */
  onChange: (day: string) => void;
  /** The first and last day the calendar offers (YYYY-MM-DD). */
  min?: string;
  max?: string;
  id?: string;
  "aria-label"?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

/**
 * A date field that shows and takes DD.MM.YYYY, the format of the tables
 * (spec 1 §9), whatever the browser's language: a native date input would
 * show the browser's format (mm/dd/yyyy in an English Chrome) on a German
 * page. The value stays YYYY-MM-DD for the server. The calendar button opens
 * the browser's date picker on a hidden native input.
 */
export function DateInput({ value, onChange, min, max, ...control }: DateInputProps) {
  const { t } = useLingui();
  const picker = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => formatDay(value));
  // A value set from outside (a reset, a picked day) replaces the text unless the text already says it.
  const [shown, setShown] = useState(value);
  const [left, setLeft] = useState(false);
  if (value !== shown) {
    setShown(value);
    if (parseDay(text) !== value) setText(formatDay(value));
  }
  const change = (day: string) => {
    setShown(day);
    if (day !== value) onChange(day);
  };
  const unreadable = left && parseDay(text) === null;
  return (
    <TextField.Root
      {...control}
      aria-invalid={control["aria-invalid"] || unreadable}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t`DD.MM.YYYY`}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        setLeft(false);
        change(parseDay(event.target.value) ?? "");
      }}
      onBlur={() => {
        setLeft(true);
        const day = parseDay(text);
        if (day) setText(formatDay(day));
      }}
    >
      <TextField.Slot side="right" style={{ position: "relative" }}>
        <IconButton
          type="button"
          variant="ghost"
          size="1"
          aria-label={t`Open the calendar`}
          onClick={() => {
            const input = picker.current;
            if (!input) return;
            if (typeof input.showPicker === "function") input.showPicker();
            else input.focus();
          }}
        >
          <CalendarIcon />
        </IconButton>
        <VisuallyHidden>
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden
            value={parseDay(text) || ""}
            min={min}
            max={max}
            onChange={(event) => {
              setText(formatDay(event.target.value));
              setLeft(false);
              change(event.target.value);
            }}
          />
        </VisuallyHidden>
      </TextField.Slot>
    </TextField.Root>
  );
}
