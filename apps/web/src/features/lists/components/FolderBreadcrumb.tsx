import type { FolderPath } from '../model/folder-path.ts';

/** "Devices › Lab › Sensors": every step but the last goes back up. */
export function FolderBreadcrumb({
  top,
  path,
  onUp,
}: {
  top: string;
  path: FolderPath;
  /** -1 for the top, else the index of the folder to go back to. */
  onUp: (index: number) => void;
}) {
  if (path.length === 0) return null;
  const steps = [{ id: 'top', name: `All ${top.toLowerCase()}` }, ...path];
  return (
    <nav className="list-breadcrumb" aria-label="Folders">
      <ol>
        {steps.map((step, i) => (
          <li key={step.id}>
            {i < steps.length - 1 ? (
              <button type="button" className="link-button" onClick={() => onUp(i - 1)}>
                {step.name}
              </button>
            ) : (
              <span aria-current="location">{step.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
