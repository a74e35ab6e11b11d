import { TextField } from "@radix-ui/themes";
import { type KeyboardEvent, type ReactNode, useId, useState } from "react";
import "./Autocomplete.css";

type AutocompleteProps<T> = {
  options: readonly T[];
  value: T | null;
  onChange: (option: T) => void;
  /** A stable key per option. */
  keyOf: (option: T) => string;
  /** The text typed to find an option, and shown once it is chosen. */
  labelOf: (option: T) => string;
  /** How an option looks in the list; its label by default. */
  renderOption?: (option: T) => ReactNode;
  /** Something shown before the input, such as the chosen option's flag. */
  adornment?: ReactNode;
  "aria-label": string;
  placeholder?: string;
  noMatches: ReactNode;
  width?: string;
};

/**
 * A text field that narrows a list of options as the user types (the
 * autocomplete of spec 1 §2), following the ARIA combobox pattern: arrows
 * move, Enter chooses, Escape gives up and restores the choice.
 */
export function Autocomplete<T>({
  options,
  value,
  onChange,
  keyOf,
  labelOf,
  renderOption = labelOf,
  adornment,
  placeholder,
  noMatches,
  width,
  ...aria
}: AutocompleteProps<T>) {
  const listId = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [highlighted, setHighlighted] = useState(0);
  const open = query !== null;
  const needle = (query ?? "").trim().toLowerCase();
  const matches = needle === "" ? options : options.filter((option) => labelOf(option).toLowerCase().includes(needle));

  const choose = (option: T) => {
    onChange(option);
    setQuery(null);
  };
  const keyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) setQuery("");
      const step = event.key === "ArrowDown" ? 1 : -1;
      setHighlighted((current) => (matches.length ? (current + step + matches.length) % matches.length : 0));
    } else if (event.key === "Enter" && open) {
      event.preventDefault();
      if (matches[highlighted]) choose(matches[highlighted]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setQuery(null);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div className="autocomplete" style={{ width }}>
      <TextField.Root
        role="combobox"
        aria-label={aria["aria-label"]}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[highlighted] ? optionId(highlighted) : undefined}
        placeholder={placeholder}
        value={open ? query : value ? labelOf(value) : ""}
        onChange={(event) => {
          setQuery(event.target.value);
          setHighlighted(0);
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => open || setQuery("")}
        onBlur={() => setQuery(null)}
        onKeyDown={keyDown}
      >
        {adornment && <TextField.Slot>{adornment}</TextField.Slot>}
      </TextField.Root>
      {open && (
        <ul id={listId} role="listbox" aria-label={aria["aria-label"]} className="autocomplete-list">
          {matches.length === 0 && <li className="autocomplete-empty">{noMatches}</li>}
          {matches.map((option, index) => (
            <li
              key={keyOf(option)}
              id={optionId(index)}
              role="option"
              aria-selected={value !== null && keyOf(value) === keyOf(option)}
              data-highlighted={index === highlighted || undefined}
              className="autocomplete-option"
              // Choosing happens before the input's blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setHighlighted(index)}
              onClick={() => choose(option)}
            >
              {renderOption(option)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
