/*
 * Small SVG charts for the organizer dashboard, drawn without a charting library. Each is
 * an image with a one-sentence aria-label and carries the same numbers as a table in a <details>, so
 * screen readers and anyone who wants the exact figures get them. Sized in percent, so they fit a
 * 390 px phone as well as a desktop.
 */

import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useConsoleFormats } from './formats.ts';

export type ChartTone = 'primary' | 'warning' | 'success' | 'muted';

export interface ChartSeries {
  name: string;
  values: readonly number[];
  tone: ChartTone;
}

function NumbersTable({
  caption,
  categoryHeader,
  categories,
  columns,
}: {
  caption: string;
  categoryHeader: string;
  categories: readonly string[];
  columns: { name: string; values: readonly string[] }[];
}) {
  const t = useT('organizer');
  return (
    <details className="chart__numbers">
      <summary>{t('chartShowNumbers')}</summary>
      <TableScroll className="organizer-table" label={caption}>
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{categoryHeader}</th>
              {columns.map((column) => (
                <th scope="col" className="num" key={column.name}>
                  {column.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category, index) => (
              <tr key={category}>
                <th scope="row">{category}</th>
                {columns.map((column) => (
                  <td className="num" key={column.name}>
                    {column.values[index]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </details>
  );
}

function Legend({ series }: { series: readonly Pick<ChartSeries, 'name' | 'tone'>[] }) {
  if (series.length < 2) return null;
  return (
    <ul className="chart__legend" aria-hidden="true">
      {series.map((entry) => (
        <li key={entry.name}>
          <span className={`chart__swatch chart__swatch--${entry.tone}`} />
          {entry.name}
        </li>
      ))}
    </ul>
  );
}

export interface ColumnChartProps {
  /** What the chart shows, in one sentence (the image's accessible name and the table's caption). */
  label: string;
  categoryHeader: string;
  /** Category names in order (days, hours), as the table lists them. */
  categories: readonly string[];
  /** Short axis labels for the first and last category (default: the category names). */
  axisLabels?: [string, string];
  /** Stacked from the bottom in order, or side by side with `layout: 'grouped'`. */
  series: readonly ChartSeries[];
  layout?: 'stacked' | 'grouped';
  /** Default: a whole number in the active language. */
  format?: (value: number) => string;
}

/** Columns over time (days, hours), series stacked; the tallest column's total is marked on the axis. */
export function ColumnChart({
  label,
  categoryHeader,
  categories,
  axisLabels,
  series,
  layout = 'stacked',
  format: customFormat,
}: ColumnChartProps) {
  const t = useT('organizer');
  const { count } = useConsoleFormats();
  const format = customFormat ?? count;
  const totals = categories.map((_, index) => series.reduce((sum, entry) => sum + (entry.values[index] ?? 0), 0));
  const grouped = layout === 'grouped';
  const max = Math.max(1, ...(grouped ? series.flatMap((entry) => entry.values) : totals));
  const slot = 7 / (grouped ? Math.max(series.length, 1) : 1);
  // At least eight slots wide, so a day or two of data are columns, not one block across the card.
  const width = Math.max(categories.length, 8) * 10;
  const first = axisLabels?.[0] ?? categories[0] ?? '';
  const last = axisLabels?.[1] ?? categories.at(-1) ?? '';
  return (
    <figure className="chart">
      <Legend series={series} />
      <div className="chart__plot">
        <span className="chart__max" aria-hidden="true">
          {format(max)}
        </span>
        <svg
          className="chart__svg chart__svg--columns"
          role="img"
          aria-label={label}
          viewBox={`0 0 ${width} 100`}
          preserveAspectRatio="none"
        >
          <line x1="0" x2={width} y1="0" y2="0" className="chart__grid" vectorEffect="non-scaling-stroke" />
          <line x1="0" x2={width} y1="100" y2="100" className="chart__axis" vectorEffect="non-scaling-stroke" />
          {categories.map((category, index) => {
            let base = 100;
            return (
              <g key={category}>
                {series.map((entry, position) => {
                  const value = entry.values[index] ?? 0;
                  const height = (value / max) * 100;
                  if (!grouped) base -= height;
                  return value > 0 ? (
                    <rect
                      key={entry.name}
                      className={`chart__bar chart__bar--${entry.tone}`}
                      x={index * 10 + 1.5 + (grouped ? position * slot : 0)}
                      width={slot}
                      y={grouped ? 100 - height : base}
                      height={height}
                    />
                  ) : null;
                })}
              </g>
            );
          })}
        </svg>
      </div>
      {categories.length > 0 ? (
        <div className="chart__x" aria-hidden="true">
          <span>{first}</span>
          {categories.length > 1 ? <span>{last}</span> : null}
        </div>
      ) : null}
      <NumbersTable
        caption={label}
        categoryHeader={categoryHeader}
        categories={categories}
        columns={[
          ...series.map((entry) => ({ name: entry.name, values: entry.values.map((value) => format(value)) })),
          ...(series.length > 1 && !grouped ? [{ name: t('chartTotal'), values: totals.map((value) => format(value)) }] : []),
        ]}
      />
    </figure>
  );
}

export interface BarRow {
  label: string;
  value: number;
  /** Drawn as the bar's track: a capacity the value is measured against. */
  capacity?: number;
}

export interface BarChartProps {
  label: string;
  categoryHeader: string;
  valueHeader: string;
  rows: readonly BarRow[];
  tone?: ChartTone;
  /** The capacity column's name when rows carry one. */
  capacityHeader?: string;
  /** Default: a whole number in the active language. */
  format?: (value: number) => string;
}

/**
 * One horizontal bar per row with its name and figure above it, so long names (exhibitors, pass
 * types) stay readable on a phone. The rows together are one image: its label says what they show.
 */
export function BarChart({
  label,
  categoryHeader,
  valueHeader,
  rows,
  tone = 'primary',
  capacityHeader,
  format: customFormat,
}: BarChartProps) {
  const t = useT('organizer');
  const { count } = useConsoleFormats();
  const format = customFormat ?? count;
  const max = Math.max(1, ...rows.map((row) => Math.max(row.value, row.capacity ?? 0)));
  const withCapacity = rows.some((row) => row.capacity !== undefined);
  return (
    <figure className="chart">
      <div className="chart__bars" role="img" aria-label={label}>
        {rows.map((row) => (
          <div className="chart__bar-row" key={row.label}>
            <div className="chart__bar-text">
              <span className="chart__bar-name">{row.label}</span>
              <span className="chart__bar-value">
                {row.capacity !== undefined
                  ? t('chartValueOfCapacity', { value: format(row.value), capacity: format(row.capacity) })
                  : format(row.value)}
              </span>
            </div>
            <svg className="chart__svg chart__svg--bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
              {row.capacity !== undefined ? (
                <rect className="chart__track" x={0} y={0} height={10} width={(row.capacity / max) * 100} />
              ) : null}
              <rect className={`chart__bar chart__bar--${tone}`} x={0} y={0} height={10} width={(row.value / max) * 100} />
            </svg>
          </div>
        ))}
      </div>
      <NumbersTable
        caption={label}
        categoryHeader={categoryHeader}
        categories={rows.map((row) => row.label)}
        columns={[
          { name: valueHeader, values: rows.map((row) => format(row.value)) },
          ...(withCapacity && capacityHeader
            ? [{ name: capacityHeader, values: rows.map((row) => (row.capacity === undefined ? '' : format(row.capacity))) }]
            : []),
        ]}
      />
    </figure>
  );
}
