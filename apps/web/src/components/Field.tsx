import { type ReactNode, useId } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
}

/**
 * A labelled form control. The label is its own element (`for` → `id`), so its accessible name is the label
 * alone, never the options of a select or a hint inside it.
 */
export function Field({
  label,
  hint,
  className,
  children,
}: {
  label: string;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children(hint ? { id, 'aria-describedby': hintId } : { id })}
      {hint && (
        <span className="field-hint" id={hintId}>
          {hint}
        </span>
      )}
    </div>
  );
}
