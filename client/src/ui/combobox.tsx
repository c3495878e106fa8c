import { type CSSProperties, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { matchesWords, searchWords } from '#common/search-es';
import './combobox.css';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line that tells equal labels apart (a product's brand and origin). */
  hint?: string;
  /** Shown but not pickable; its hint says why (a product already on the list). */
  disabled?: boolean;
}

interface ComboboxProps {
  /** The accessible name (a table cell has its column header, not a <label>). */
  label: string;
  /** The input's id, for a <label htmlFor> around it (ui/fields' FieldShell); one of its own otherwise. */
  id?: string;
  /** Focus the field when it appears (back from a step that took the focus away). */
  autoFocus?: boolean;
  options: readonly ComboboxOption[];
  value: string | null;
  onChange(value: string | null): void;
  disabled?: boolean;
  placeholder?: string;
  /** id of the element that describes the error, when the field has one. */
  errorId?: string;
  invalid?: boolean;
  /** Options drawn at once: typing narrows the rest (catalogues hold hundreds of products). */
  maxVisible?: number;
  /**
   * Searching mode: the caller searches. It hears the text as it is typed ('' once the list
   * closes), and `options` are what it found for it, shown as they are (nothing is filtered here).
   */
  onSearch?(query: string): void;
  /** The label of `value` when `options` (a search's results) do not hold it. */
  valueLabel?: string;
  /** What an empty list says instead of 'Sin resultados' (a search: 'Buscando...', or what is still missing to search). */
  emptyMessage?: string;
}

/** Case and accent-insensitive ('jamon' finds 'Jamón'). */
export function filterOptions(options: readonly ComboboxOption[], query: string): ComboboxOption[] {
  const words = searchWords(query);
  if (words.length === 0) return [...options];
  return options.filter((o) => matchesWords(`${o.label} ${o.hint ?? ''}`, words));
}

const MARGEN = 8;
const ALTO_MAXIMO = 288;
const ANCHO_MAXIMO = 416;

/**
 * Where the open list goes: under the field, or above it when below is short and above is not.
 * Below ends where the visible part of the page does: on a phone the on-screen keyboard covers the
 * bottom of the window without making it shorter (the visual viewport does shrink).
 */
function placeList(field: DOMRect): CSSProperties {
  const visual = window.visualViewport;
  const bottom = visual ? Math.min(window.innerHeight, visual.offsetTop + visual.height) : window.innerHeight;
  const below = bottom - field.bottom - MARGEN;
  const above = field.top - MARGEN;
  const up = below < 200 && above > below;
  return {
    left: field.left,
    minWidth: field.width,
    maxWidth: Math.max(field.width, Math.min(ANCHO_MAXIMO, window.innerWidth - field.left - MARGEN)),
    maxHeight: Math.min(ALTO_MAXIMO, up ? above : below),
    ...(up ? { bottom: window.innerHeight - field.top + 2 } : { top: field.bottom + 2 }),
  };
}

/**
 * A select you can type into (WAI-ARIA combobox with a listbox popup): typing filters, arrows move,
 * Enter picks, Escape closes and leaving the field restores the chosen label, so the value is
 * always one of the options or none.
 */
export function Combobox({
  label,
  id,
  autoFocus,
  options,
  value,
  onChange,
  disabled,
  placeholder,
  errorId,
  invalid,
  maxVisible = 60,
  onSearch,
  valueLabel,
  emptyMessage,
}: ComboboxProps) {
  const listId = useId();
  // An id of its own: Chromium flags a form field with neither id nor name (it cannot autofill or restore it).
  const ownId = useId();
  const inputId = id ?? ownId;
  const selected = options.find((o) => o.value === value) ?? (value !== null && valueLabel !== undefined ? { value, label: valueLabel } : null);
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<CSSProperties>({});
  const searching = onSearch !== undefined;
  const [query, setQueryState] = useState<string | null>(null);
  const setQuery = (q: string | null) => {
    setQueryState(q);
    onSearch?.(q ?? '');
  };
  const [active, setActive] = useState(0);

  const matches = useMemo(() => (searching ? options : filterOptions(options, query ?? '')), [searching, options, query]);
  const visible = matches.slice(0, maxVisible);
  const activeIndex = Math.min(active, visible.length - 1);
  const optionId = (i: number) => `${listId}-${i}`;

  // Arrowing past the list's edge scrolls the active option into view.
  useEffect(() => {
    if (open && activeIndex >= 0) document.getElementById(`${listId}-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex, listId]);

  // The list is fixed to the viewport under its field (above it when there is more room there), so
  // a scrolling table or a card never clips it; it follows the field while the page scrolls.
  useLayoutEffect(() => {
    if (!open) return;
    const follow = () => setPlace(placeList(boxRef.current!.getBoundingClientRect()));
    follow();
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [open]);

  function close() {
    setOpen(false);
    setQuery(null);
  }
  function pick(option: ComboboxOption) {
    if (option.disabled) return;
    onChange(option.value);
    close();
  }
  function show() {
    setOpen(true);
    // Start on the chosen option, so Enter right away keeps it.
    setActive(Math.max(0, selected ? options.findIndex((o) => o.value === selected.value) : 0));
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return show();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.max(0, Math.min(visible.length - 1, Math.min(i, visible.length - 1) + step)));
    } else if (e.key === 'Enter') {
      if (!open) return;
      e.preventDefault();
      const option = visible[activeIndex];
      if (option) pick(option);
    } else if (e.key === 'Escape' && open) {
      // Only this popup closes: a dialog around it stays open.
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab' && open && query && !searching) {
      // Tabbing away after typing a unique match picks it, as a native select would (not a search's
      // result, which may still be the previous text's).
      if (visible.length === 1 && !visible[0]!.disabled) pick(visible[0]!);
    }
  }

  const text = query ?? selected?.label ?? '';
  // A search's results arrive while the buyer types, with no focus moving: this says what the list holds.
  const status = !open
    ? ''
    : visible.length === 0
      ? (emptyMessage ?? 'Sin resultados')
      : `${matches.length} ${matches.length === 1 ? 'resultado' : 'resultados'}.`;
  return (
    <div className="combobox" ref={boxRef}>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={errorId}
        autoComplete="off"
        spellCheck={false}
        className="combobox__input"
        value={text}
        // A long product name is cut to fit the field: the whole of it shows on hover.
        title={query === null ? selected?.label : undefined}
        placeholder={placeholder}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
          // Clearing the text clears the choice; anything else waits for a pick.
          if (e.target.value === '' && value !== null) onChange(null);
        }}
        onClick={() => (open ? close() : show())}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <span className="combobox__arrow" aria-hidden="true">
        ▾
      </span>
      {open && (
        // Pressing on the list (its scrollbar, a note) must not take the focus from the field, which would close it.
        // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the focus in the field; the keyboard works there
        <div className="combobox__list" style={place} onMouseDown={(e) => e.preventDefault()}>
          <div id={listId} role="listbox" aria-label={label}>
            {visible.map((o, i) => (
              <div
                key={o.value}
                id={optionId(i)}
                role="option"
                // Focus stays in the input (aria-activedescendant); -1 only makes the option focusable by script.
                tabIndex={-1}
                aria-selected={o.value === value}
                aria-disabled={o.disabled || undefined}
                className={i === activeIndex ? 'combobox__option combobox__option--active' : 'combobox__option'}
                // mousedown, not click: it fires before the input's blur closes the list.
                onMouseDown={() => pick(o)}
                onMouseMove={() => setActive(i)}
              >
                {o.label}
                {o.hint && <span className="combobox__hint">{o.hint}</span>}
              </div>
            ))}
          </div>
          {visible.length === 0 && <p className="combobox__empty">{emptyMessage ?? 'Sin resultados'}</p>}
          {matches.length > visible.length && <p className="combobox__empty">{matches.length - visible.length} más: sigue escribiendo para acotar</p>}
        </div>
      )}
      {searching && (
        <p className="visually-hidden" aria-live="polite">
          {status}
        </p>
      )}
    </div>
  );
}
