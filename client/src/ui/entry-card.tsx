import type { ReactNode } from 'react';
import './ui.css';

interface EntryCardProps {
  title: string;
  /** A line under the title (the entry's date). */
  subtitle: string;
  /** What the delete button reads to a screen reader, naming the entry. */
  deleteLabel: string;
  onDelete(): void;
  children: ReactNode;
}

/** One saved entry of a list the user keeps (the quotation and order histories): title, date, its delete button, its content. */
export function EntryCard({ title, subtitle, deleteLabel, onDelete, children }: EntryCardProps) {
  return (
    <li className="panel entry-card">
      <div className="entry-card__head">
        <div>
          <h2>{title}</h2>
          <p className="muted entry-card__subtitle">{subtitle}</p>
        </div>
        <button type="button" className="btn btn--ghost" onClick={onDelete} aria-label={deleteLabel}>
          Eliminar
        </button>
      </div>
      {children}
    </li>
  );
}
