import { PROPERTY_TYPE_GROUPS, PROPERTY_TYPES, type PropertyTypeInfo } from '@tinkercloud/shared/iot';
import { useId, useState } from 'react';

/** The types whose name, id, declaration or units contain `query` (any case), in catalogue order. */
export function matchingTypes(
  query: string,
  types: readonly PropertyTypeInfo[] = PROPERTY_TYPES,
): PropertyTypeInfo[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...types];
  return types.filter((t) =>
    [t.name, t.type, t.declaration, ...t.units].some((s) => s.toLowerCase().includes(q)),
  );
}

const optionLabel = (t: PropertyTypeInfo) =>
  `${t.name} (${t.type})${t.units.length === 1 ? `, ${t.units[0]}` : ''}`;

/**
 * Chooses a property type: a search box filters the catalogue (`types`: the server's, see usePropertyTypes;
 * the bundled one by default), and a list box shows the matches under the catalogue's groups. Both are native
 * controls, so arrows, typing and Tab work as everywhere.
 */
export function PropertyTypePicker({
  value,
  onChange,
  error,
  types = PROPERTY_TYPES,
}: {
  value: string;
  onChange: (type: string) => void;
  error?: string | undefined;
  types?: readonly PropertyTypeInfo[];
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const matches = matchingTypes(query, types);
  const current = types.find((t) => t.type === value);
  // The chosen type stays listed while a search hides it, so the list box never loses the value.
  const shown = current && !matches.includes(current) ? [current, ...matches] : matches;
  return (
    <fieldset className={`field type-picker${error ? ' field-invalid' : ''}`}>
      <legend className="field-label">Type</legend>
      <label className="field-hint" htmlFor={`${id}-search`}>
        Search types
      </label>
      <input
        id={`${id}-search`}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Temperature, Color, Boolean…"
        autoComplete="off"
        aria-controls={`${id}-list`}
      />
      <label className="visually-hidden" htmlFor={`${id}-list`}>
        Variable type
      </label>
      <select
        id={`${id}-list`}
        size={8}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
      >
        {PROPERTY_TYPE_GROUPS.map((group) => {
          const types = shown.filter((t) => t.tags[0] === group.tag);
          if (types.length === 0) return null;
          return (
            <optgroup key={group.tag} label={group.label}>
              {types.map((t) => (
                <option key={t.type} value={t.type}>
                  {optionLabel(t)}
                </option>
              ))}
            </optgroup>
          );
        })}
      </select>
      <span className="field-hint" id={`${id}-count`} aria-live="polite">
        {matches.length === 0
          ? 'No type matches this search.'
          : `${matches.length} type${matches.length === 1 ? '' : 's'}`}
        {current ? `; chosen: ${current.name}` : ''}
      </span>
      {error && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
