import { type ChartModel, formatSeriesValue } from './chart-data.ts';

/** The chart as a table for screen readers: how many values each series has, its range and its last value. */
export function ChartSummaryTable({ title, model }: { title: string; model: ChartModel }) {
  return (
    <table className="visually-hidden">
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
  );
}
