import { TableScroll } from '../../components/ui/table-scroll.tsx';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { api } from '../../lib/api.ts';
import { formatEuro } from '../../lib/money.ts';
import { type Dashboard, dashboardSchema } from '../../shared/contracts/organizer-event.ts';
import { BarChart, ColumnChart } from './svg-chart.tsx';
import { usePolling } from './use-polling.ts';
import './dashboard.css';

/** While the dashboard is open and visible it asks again this often (check-ins come in live). */
export const DASHBOARD_REFRESH_MS = 30_000;

const integer = new Intl.NumberFormat('en-GB');
const count = (value: number) => integer.format(value);
const clock = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium', timeZone: 'Europe/Berlin' });
const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** '2026-03-24' → '24 Mar' (a calendar day, so read in UTC). */
const shortDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : dayLabel.format(time);
};
/** '2026-03-24T09:00' → '24 Mar 09:00'. */
const shortHour = (hour: string) => `${shortDay(hour.slice(0, 10))} ${hour.slice(11, 16)}`;

const loadDashboard = (signal: AbortSignal) => api('/api/organizer/dashboard', dashboardSchema, { signal, cache: 'no-cache' });

function Tile({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="dashboard-tile">
      <dt>{label}</dt>
      <dd>
        <span className="dashboard-tile__value">{value}</span>
        {note ? <span className="dashboard-tile__note">{note}</span> : null}
      </dd>
    </div>
  );
}

function Summary({ data }: { data: Dashboard }) {
  const accounts = data.registrationsPerDay.reduce((sum, day) => sum + day.accounts, 0);
  const byStatus = (status: string) =>
    data.passes.filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0);
  const checkins = data.checkinsPerHour.reduce((sum, row) => sum + row.checkins, 0);
  const leads = data.leadsPerExhibitor.reduce((sum, row) => sum + row.leads, 0);
  return (
    <dl className="dashboard-tiles">
      <Tile label="Accounts" value={count(accounts)} />
      <Tile
        label="Approved passes"
        value={count(byStatus('approved'))}
        note={`${count(byStatus('pending'))} awaiting approval`}
      />
      <Tile
        label="Revenue (gross)"
        value={formatEuro(data.revenue.total.gross)}
        note={`net ${formatEuro(data.revenue.total.net)}`}
      />
      <Tile
        label="Check-ins"
        value={count(checkins)}
        note={`${count(data.checkinsPerHour.reduce((sum, row) => sum + row.duplicates, 0))} duplicates`}
      />
      <Tile label="Leads" value={count(leads)} note={`${count(data.leadsPerExhibitor.length)} exhibitors`} />
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card dashboard-section">
      <h2 className="card-title">{title}</h2>
      {children}
    </section>
  );
}

function Registrations({ data }: { data: Dashboard }) {
  const days = data.registrationsPerDay;
  if (days.length === 0) return <p>No accounts yet.</p>;
  return (
    <ColumnChart
      label={`New accounts and passes per day, ${shortDay(days[0]?.day ?? '')} to ${shortDay(days.at(-1)?.day ?? '')}: ${count(
        days.reduce((sum, day) => sum + day.accounts, 0),
      )} accounts, ${count(days.reduce((sum, day) => sum + day.passes, 0))} passes.`}
      categoryHeader="Day"
      categories={days.map((day) => day.day)}
      axisLabels={[shortDay(days[0]?.day ?? ''), shortDay(days.at(-1)?.day ?? '')]}
      layout="grouped"
      series={[
        { name: 'Accounts', values: days.map((day) => day.accounts), tone: 'primary' },
        { name: 'Passes', values: days.map((day) => day.passes), tone: 'success' },
      ]}
    />
  );
}

const STATUSES = ['approved', 'pending', 'rejected', 'cancelled'] as const;

function Passes({ data }: { data: Dashboard }) {
  const types = [...new Map(data.passes.map((row) => [row.passTypeId, row.passType])).entries()];
  if (types.length === 0) return <p>No passes yet.</p>;
  const cell = (typeId: number, status: string) =>
    data.passes.find((row) => row.passTypeId === typeId && row.status === status)?.count ?? 0;
  const totalOf = (typeId: number) => STATUSES.reduce((sum, status) => sum + cell(typeId, status), 0);
  // Only the statuses some pass has, so the table fits a phone (no empty Rejected or Cancelled column).
  const statuses = STATUSES.filter((status) => data.passes.some((row) => row.status === status));
  return (
    <>
      <BarChart
        label={`Passes by type: ${types.map(([id, name]) => `${name} ${count(totalOf(id))}`).join(', ')}.`}
        categoryHeader="Pass type"
        valueHeader="Passes"
        rows={types.map(([id, name]) => ({ label: name, value: totalOf(id) }))}
      />
      <TableScroll className="organizer-table" label="Passes by type and status">
        <table>
          <caption className="visually-hidden">Passes by type and status</caption>
          <thead>
            <tr>
              <th scope="col">Pass type</th>
              {statuses.map((status) => (
                <th scope="col" className="num" key={status}>
                  {status[0]?.toUpperCase()}
                  {status.slice(1)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {types.map(([id, name]) => (
              <tr key={id}>
                <th scope="row">{name}</th>
                {statuses.map((status) => (
                  <td className="num" key={status}>
                    {count(cell(id, status))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

const POOL_NAMES: Record<string, string> = { 'free-standard': 'Free Standard Passes' };

function Pools({ data }: { data: Dashboard }) {
  if (data.passPools.length === 0) return <p>No free-pass pools.</p>;
  return (
    <>
      <BarChart
        label={data.passPools
          .map(
            (pool) =>
              `${POOL_NAMES[pool.key] ?? pool.key}: ${count(pool.taken)} of ${count(pool.total)} taken, ${count(pool.held)} on hold.`,
          )
          .join(' ')}
        categoryHeader="Pool"
        valueHeader="Taken"
        capacityHeader="Total"
        tone="success"
        rows={data.passPools.map((pool) => ({
          label: POOL_NAMES[pool.key] ?? pool.key,
          value: pool.taken,
          capacity: pool.total,
        }))}
      />
      <ul className="dashboard-notes">
        {data.passPools.map((pool) => (
          <li key={pool.key}>
            {POOL_NAMES[pool.key] ?? pool.key}: {count(pool.total - pool.taken)} left; {count(pool.held)} held at the Pass step
            right now (counted as taken until they expire).
          </li>
        ))}
      </ul>
    </>
  );
}

function Revenue({ data }: { data: Dashboard }) {
  const { invoiced, credited, total, refunded } = data.revenue;
  const rows = [
    { name: `Invoices (${count(invoiced.count)})`, ...invoiced },
    { name: `Credit notes (${count(credited.count)})`, ...credited },
  ];
  return (
    <>
      <TableScroll className="organizer-table" label="Revenue from invoices less credit notes">
        <table>
          <caption className="visually-hidden">Revenue from invoices less credit notes</caption>
          <thead>
            <tr>
              <th scope="col">Documents</th>
              <th scope="col" className="num">
                Net
              </th>
              <th scope="col" className="num">
                VAT
              </th>
              <th scope="col" className="num">
                Gross
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <th scope="row">{row.name}</th>
                <td className="num">{formatEuro(row.net)}</td>
                <td className="num">{formatEuro(row.vat)}</td>
                <td className="num">{formatEuro(row.gross)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="num">{formatEuro(total.net)}</td>
              <td className="num">{formatEuro(total.vat)}</td>
              <td className="num">{formatEuro(total.gross)}</td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      <p className="dashboard-notes">
        Refunded through the payment providers: {formatEuro(refunded.amount)} ({count(refunded.count)}{' '}
        {refunded.count === 1 ? 'refund' : 'refunds'}).
      </p>
    </>
  );
}

function Hotel({ data }: { data: Dashboard }) {
  if (data.hotelNights.length === 0) return <p>No hotel rooms on offer.</p>;
  return (
    <BarChart
      label={`Hotel rooms booked per night: ${data.hotelNights
        .map((night) => `${shortDay(night.night)} ${count(night.booked)} of ${count(night.capacity)}`)
        .join(', ')}.`}
      categoryHeader="Night"
      valueHeader="Booked"
      capacityHeader="Rooms"
      rows={data.hotelNights.map((night) => ({ label: shortDay(night.night), value: night.booked, capacity: night.capacity }))}
    />
  );
}

function Checkins({ data }: { data: Dashboard }) {
  const lists = [...new Map(data.checkinsPerHour.map((row) => [row.listId, row.listName])).entries()];
  if (lists.length === 0) return <p>No check-ins yet.</p>;
  return (
    <div className="dashboard-stack">
      {lists.map(([id, name]) => {
        const rows = data.checkinsPerHour.filter((row) => row.listId === id);
        const total = rows.reduce((sum, row) => sum + row.checkins, 0);
        const duplicates = rows.reduce((sum, row) => sum + row.duplicates, 0);
        return (
          <div key={id}>
            <h3 className="dashboard-subtitle">
              {name}: {count(total)} checked in{duplicates ? `, ${count(duplicates)} duplicates` : ''}
            </h3>
            <ColumnChart
              label={`Check-ins at ${name} per hour, ${shortHour(rows[0]?.hour ?? '')} to ${shortHour(rows.at(-1)?.hour ?? '')}: ${count(
                total,
              )} check-ins and ${count(duplicates)} duplicates.`}
              categoryHeader="Hour"
              categories={rows.map((row) => shortHour(row.hour))}
              series={[
                { name: 'Check-ins', values: rows.map((row) => row.checkins), tone: 'primary' },
                { name: 'Duplicates', values: rows.map((row) => row.duplicates), tone: 'warning' },
              ]}
            />
          </div>
        );
      })}
    </div>
  );
}

/** The chart shows the exhibitors with the most leads; the table under it has them all. */
const TOP_EXHIBITORS = 15;

function Leads({ data }: { data: Dashboard }) {
  const rows = data.leadsPerExhibitor;
  if (rows.length === 0) return <p>No leads scanned yet.</p>;
  const top = rows.slice(0, TOP_EXHIBITORS);
  return (
    <>
      <BarChart
        label={`Leads per exhibitor${rows.length > TOP_EXHIBITORS ? `, top ${TOP_EXHIBITORS}` : ''}: ${top
          .map((row) => `${row.exhibitor} ${count(row.leads)}`)
          .join(', ')}.`}
        categoryHeader="Exhibitor"
        valueHeader="Leads"
        rows={top.map((row) => ({ label: row.exhibitor, value: row.leads }))}
      />
      <details>
        <summary>All {count(rows.length)} exhibitors with scanners</summary>
        <TableScroll className="organizer-table" label="Leads and scanners per exhibitor">
          <table>
            <caption className="visually-hidden">Leads and scanners per exhibitor</caption>
            <thead>
              <tr>
                <th scope="col">Exhibitor</th>
                <th scope="col" className="num">
                  Scanners
                </th>
                <th scope="col" className="num">
                  Leads
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.exhibitor}>
                  <th scope="row">{row.exhibitor}</th>
                  <td className="num">{count(row.scanners)}</td>
                  <td className="num">{count(row.leads)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </>
  );
}

/** /organizer: the event at a glance, refreshed every 30 s while open. */
export function DashboardPage() {
  const { data, error, loading, reload } = usePolling(loadDashboard, DASHBOARD_REFRESH_MS);
  return (
    <div className="dashboard">
      <PageHeader
        title="Dashboard"
        lead="Registrations, passes, revenue, hotel rooms, check-ins and leads, updated every 30 seconds."
      />
      <div className="dashboard-status">
        <p aria-live="polite">
          {data
            ? `Updated at ${clock.format(Date.parse(data.generatedAt))} (venue time).`
            : loading
              ? 'Loading the figures…'
              : ''}
        </p>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void reload()}
          disabled={loading}
          aria-busy={loading || undefined}
        >
          Refresh now
        </button>
      </div>
      {error ? (
        <p className="alert alert-danger" role="alert">
          {data ? `The figures could not be updated: ${error} Showing the last ones.` : error}
        </p>
      ) : null}
      {data ? (
        <>
          <Summary data={data} />
          <div className="dashboard-grid">
            <Section title="Registrations per day">
              <Registrations data={data} />
            </Section>
            <Section title="Passes">
              <Passes data={data} />
            </Section>
            <Section title="Free-pass pool">
              <Pools data={data} />
            </Section>
            <Section title="Revenue">
              <Revenue data={data} />
            </Section>
            <Section title="Hotel rooms per night">
              <Hotel data={data} />
            </Section>
            <Section title="Check-ins per hour">
              <Checkins data={data} />
            </Section>
            <Section title="Leads per exhibitor">
              <Leads data={data} />
            </Section>
          </div>
        </>
      ) : null}
    </div>
  );
}
