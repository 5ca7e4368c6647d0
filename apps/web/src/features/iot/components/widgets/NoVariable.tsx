/** A widget without a linked variable has nothing to show. */
export function NoVariable() {
  return <p className="muted">No variable linked</p>;
}
