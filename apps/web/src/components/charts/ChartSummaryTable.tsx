import { type ChartModel, formatSeriesValue } from './chart-data.ts';

/**
 * The chart as a table for screen readers: how many values each series has, its range and its last value.
 * The hiding box wraps the table: a table is as wide as its content whatever its own width says, so hidden
 * itself it would still widen a phone-sized page.
 */
export function ChartSummaryTable({ title, model }: { title: string; model: ChartModel }) {
  return (
    <div className="visually-hidden">
      <table>
        <caption>{`${title}: values in this period`}</caption>
        <thead>
          <tr>
            <th scope="col">Variable</th>
            <th scope="col">Values</th>
            <th scope="col">Lowest</th>
            <th scope="col">Highest</th>
            <th scope="col">Last</th>
          </tr>
        </thead>
        <tbody>
          {model.series.map((s, i) => {
            const stats = model.stats[i];
            return (
              <tr key={s.id}>
                <th scope="row">{s.name}</th>
                <td>{stats?.count ?? 0}</td>
                <td>{formatSeriesValue(s.kind, stats?.min)}</td>
                <td>{formatSeriesValue(s.kind, stats?.max)}</td>
                <td>{formatSeriesValue(s.kind, stats?.last)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
