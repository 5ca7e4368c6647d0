/** One way a list can be ordered: `value` is `{sort}:{order}`, as the select holds it. */
export interface SortOption {
  value: string;
  label: string;
}

/**
 * The admin lists' Sort select: one choice names both the column and the direction, which the server's
 * `sort` and `order` parameters take apart.
 */
export function SortSelect<Sort extends string>({
  options,
  sort,
  order,
  onChange,
}: {
  options: readonly SortOption[];
  sort: Sort;
  order: 'asc' | 'desc';
  onChange: (next: { sort: Sort; order: 'asc' | 'desc' }) => void;
}) {
  return (
    <label className="admin-select">
      <span>Sort</span>
      <select
        value={`${sort}:${order}`}
        onChange={(event) => {
          const [nextSort, nextOrder] = event.target.value.split(':') as [Sort, 'asc' | 'desc'];
          onChange({ sort: nextSort, order: nextOrder });
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
