import { type DragEvent, useId, useRef, useState } from 'react';
import './ui.css';

interface DropZoneProps {
  label: string;
  /** Accepted extensions, lower case with the dot: ['.xlsx', '.xls']. */
  accept: readonly string[];
  maxBytes: number;
  /** The screen's messages for a refused file (docs/producto.md §5 Upload file). */
  messages: { type: string; size: string };
  file: File | null;
  onFileChange(file: File | null): void;
  /** An error from the form (e.g. 'Debes seleccionar un archivo'). */
  error?: string;
  hint?: string;
  disabled?: boolean;
}

const sizeLabel = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/**
 * A file chosen by drag-and-drop or by click (docs/producto.md §2 bulk upload): it checks the extension and
 * size at once, shows the chosen name with a remove button, and hands the File to the form.
 * The server checks the content again: this only spares the user a useless upload.
 */
export function DropZone({ label, accept, maxBytes, messages, file, onFileChange, error, hint, disabled }: DropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<string>();
  const shownError = refused ?? error;

  function take(candidate: File | undefined) {
    if (!candidate) return;
    const name = candidate.name.toLowerCase();
    if (!accept.some((ext) => name.endsWith(ext))) return refuse(messages.type);
    if (candidate.size > maxBytes) return refuse(messages.size);
    setRefused(undefined);
    onFileChange(candidate);
  }
  function refuse(message: string) {
    setRefused(message);
    onFileChange(null);
  }
  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    if (!disabled) take(e.dataTransfer.files[0]);
  }

  return (
    <div className={shownError ? 'field field--error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is the mouse path; the file input inside is the keyboard path */}
      <div
        className={['drop-zone', dragging && 'drop-zone--over', disabled && 'drop-zone--disabled'].filter(Boolean).join(' ')}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
      >
        {file ? (
          <div className="drop-zone__file">
            <span className="drop-zone__name">{file.name}</span>
            <span className="muted">{sizeLabel(file.size)}</span>
            <button
              type="button"
              className="btn btn--ghost"
              disabled={disabled}
              onClick={() => {
                onFileChange(null);
                if (inputRef.current) inputRef.current.value = '';
              }}
            >
              Quitar archivo
            </button>
          </div>
        ) : (
          <p className="drop-zone__prompt">
            Arrastra tu archivo aquí o <span className="drop-zone__link">haz clic para elegirlo</span>
          </p>
        )}
        <input
          ref={inputRef}
          id={id}
          type="file"
          className="drop-zone__input"
          accept={accept.join(',')}
          disabled={disabled}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onChange={(e) => take(e.target.files?.[0])}
        />
      </div>
      {hint && !shownError && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {shownError && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {shownError}
        </p>
      )}
    </div>
  );
}
