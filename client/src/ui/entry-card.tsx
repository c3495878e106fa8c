import type { ReactNode } from 'react';
import './ui.css';

interface EntryCardProps {
  title: string;
  /** A line under the title (the entry's date). */
  subtitle: string;
  /** What the delete button reads to a screen reader, naming the entry. */
  deleteLabel?: string;
  /** Absent: the entry cannot be deleted here, and there is no button (an order kept on the server). */
  onDelete?(): void;
  children: ReactNode;
}

/** One saved entry of a list the user keeps (the quotation and order histories): title, date, its delete button if it has one, its content. */
export function EntryCard({ title, subtitle, deleteLabel, onDelete, children }: EntryCardProps) {
  return (
    <li className="panel entry-card">
      <div className="entry-card__head">
        <div>
          <h2>{title}</h2>
          <p className="muted entry-card__subtitle">{subtitle}</p>
        </div>
        {onDelete && (
          <button type="button" className="btn btn--ghost" onClick={onDelete} aria-label={deleteLabel}>
            Eliminar
          </button>
        )}
      </div>
      {children}
    </li>
  );
}
