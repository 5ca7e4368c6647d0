import type { ReactNode } from 'react';

/** A page's heading and body; the document title comes from the route's `staticData.title`. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page">
      <h1 className="page-title">{title}</h1>
      {children}
    </section>
  );
}

/** Says plainly that there is nothing here yet; no buttons that would not work. */
export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="empty-state">
      <p className="empty-state-title">{title}</p>
      {hint && <p className="empty-state-hint">{hint}</p>}
    </div>
  );
}
