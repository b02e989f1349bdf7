import type { ReactNode } from 'react';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { useT } from '../../i18n/use-t.ts';
import { api } from '../../lib/api.ts';
import { formatEuro } from '../../lib/money.ts';
import { type Dashboard, dashboardSchema } from '../../shared/contracts/organizer-event.ts';
import { useConsoleFormats } from './formats.ts';
import { STATUS_LABELS } from './organizer-people-api.ts';
import { BarChart, ColumnChart } from './svg-chart.tsx';
import { usePolling } from './use-polling.ts';
import './dashboard.css';

/** While the dashboard is open and visible it asks again this often (check-ins come in live). */
export const DASHBOARD_REFRESH_MS = 30_000;

const loadDashboard = (signal: AbortSignal) => api('/api/organizer/dashboard', dashboardSchema, { signal, cache: 'no-cache' });

/** '2026-03-24T09:00' → en '24 Mar 09:00', de '24. März 09:00'. */
function useShortHour() {
  const { shortDay } = useConsoleFormats();
  return (hour: string) => `${shortDay(hour.slice(0, 10))} ${hour.slice(11, 16)}`;
}

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
  const t = useT('organizer');
  const { count } = useConsoleFormats();
  const accounts = data.registrationsPerDay.reduce((sum, day) => sum + day.accounts, 0);
  const byStatus = (status: string) =>
    data.passes.filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0);
  const checkins = data.checkinsPerHour.reduce((sum, row) => sum + row.checkins, 0);
  const duplicates = data.checkinsPerHour.reduce((sum, row) => sum + row.duplicates, 0);
  const leads = data.leadsPerExhibitor.reduce((sum, row) => sum + row.leads, 0);
  const pending = byStatus('pending');
  const exhibitors = data.leadsPerExhibitor.length;
  return (
    <dl className="dashboard-tiles">
      <Tile label={t('dashboardAccounts')} value={count(accounts)} />
      <Tile
        label={t('dashboardApprovedPasses')}
        value={count(byStatus('approved'))}
        note={t('dashboardAwaitingApproval', { pending: count(pending), count: pending })}
      />
      <Tile
        label={t('dashboardRevenueGross')}
        value={formatEuro(data.revenue.total.gross)}
        note={t('dashboardRevenueNet', { amount: formatEuro(data.revenue.total.net) })}
      />
      <Tile
        label={t('dashboardCheckins')}
        value={count(checkins)}
        note={t('dashboardDuplicates', { duplicates: count(duplicates), count: duplicates })}
      />
      <Tile
        label={t('dashboardLeads')}
        value={count(leads)}
        note={t('dashboardExhibitors', { exhibitors: count(exhibitors), count: exhibitors })}
      />
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
  const t = useT('organizer');
  const { count, shortDay } = useConsoleFormats();
  const days = data.registrationsPerDay;
  if (days.length === 0) return <p>{t('dashboardNoAccounts')}</p>;
  const accounts = days.reduce((sum, day) => sum + day.accounts, 0);
  const passes = days.reduce((sum, day) => sum + day.passes, 0);
  const first = shortDay(days[0]?.day ?? '');
  const last = shortDay(days.at(-1)?.day ?? '');
  return (
    <ColumnChart
      label={t('dashboardRegistrationsChart', {
        from: first,
        to: last,
        accounts: count(accounts),
        accountCount: accounts,
        passes: count(passes),
        passCount: passes,
      })}
      categoryHeader={t('dashboardDay')}
      categories={days.map((day) => day.day)}
      axisLabels={[first, last]}
      layout="grouped"
      series={[
        { name: t('dashboardAccounts'), values: days.map((day) => day.accounts), tone: 'primary' },
        { name: t('dashboardPasses'), values: days.map((day) => day.passes), tone: 'success' },
      ]}
    />
  );
}

const STATUSES = ['approved', 'pending', 'rejected', 'cancelled'] as const;

function Passes({ data }: { data: Dashboard }) {
  const t = useT('organizer');
  const { count } = useConsoleFormats();
  const types = [...new Map(data.passes.map((row) => [row.passTypeId, row.passType])).entries()];
  if (types.length === 0) return <p>{t('dashboardNoPasses')}</p>;
  const cell = (typeId: number, status: string) =>
    data.passes.find((row) => row.passTypeId === typeId && row.status === status)?.count ?? 0;
  const totalOf = (typeId: number) => STATUSES.reduce((sum, status) => sum + cell(typeId, status), 0);
  // Only the statuses some pass has, so the table fits a phone (no empty Rejected or Cancelled column).
  const statuses = STATUSES.filter((status) => data.passes.some((row) => row.status === status));
  const caption = t('dashboardPassesTable');
  return (
    <>
      <BarChart
        label={t('dashboardPassesChart', {
          types: types.map(([id, name]) => t('dashboardChartItem', { name, value: count(totalOf(id)) })).join(', '),
        })}
        categoryHeader={t('dashboardPassType')}
        valueHeader={t('dashboardPasses')}
        rows={types.map(([id, name]) => ({ label: name, value: totalOf(id) }))}
      />
      <TableScroll className="organizer-table" label={caption}>
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboardPassType')}</th>
              {statuses.map((status) => (
                <th scope="col" className="num" key={status}>
                  {t(STATUS_LABELS[status])}
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

function Pools({ data }: { data: Dashboard }) {
  const t = useT('organizer');
  const { count } = useConsoleFormats();
  if (data.passPools.length === 0) return <p>{t('dashboardNoPools')}</p>;
  const poolName = (key: string) => (key === 'free-standard' ? t('dashboardPoolFreeStandard') : key);
  return (
    <>
      <BarChart
        label={data.passPools
          .map((pool) =>
            t('dashboardPoolChart', {
              pool: poolName(pool.key),
              taken: count(pool.taken),
              total: count(pool.total),
              held: count(pool.held),
            }),
          )
          .join(' ')}
        categoryHeader={t('dashboardPool')}
        valueHeader={t('dashboardTaken')}
        capacityHeader={t('dashboardTotal')}
        tone="success"
        rows={data.passPools.map((pool) => ({
          label: poolName(pool.key),
          value: pool.taken,
          capacity: pool.total,
        }))}
      />
      <ul className="dashboard-notes">
        {data.passPools.map((pool) => (
          <li key={pool.key}>
            {t('dashboardPoolNote', {
              pool: poolName(pool.key),
              left: count(pool.total - pool.taken),
              held: count(pool.held),
            })}
          </li>
        ))}
      </ul>
    </>
  );
}

function Revenue({ data }: { data: Dashboard }) {
  const t = useT('organizer');
  const { count } = useConsoleFormats();
  const { invoiced, credited, total, refunded } = data.revenue;
  const rows = [
    { name: t('dashboardInvoices', { count: count(invoiced.count) }), ...invoiced },
    { name: t('dashboardCreditNotes', { count: count(credited.count) }), ...credited },
  ];
  const caption = t('dashboardRevenueTable');
  return (
    <>
      <TableScroll className="organizer-table" label={caption}>
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboardDocuments')}</th>
              <th scope="col" className="num">
                {t('dashboardNet')}
              </th>
              <th scope="col" className="num">
                {t('dashboardVat')}
              </th>
              <th scope="col" className="num">
                {t('dashboardGross')}
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
              <th scope="row">{t('dashboardTotal')}</th>
              <td className="num">{formatEuro(total.net)}</td>
              <td className="num">{formatEuro(total.vat)}</td>
              <td className="num">{formatEuro(total.gross)}</td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      <p className="dashboard-notes">
        {t('dashboardRefunded', {
          amount: formatEuro(refunded.amount),
          refunds: count(refunded.count),
          count: refunded.count,
        })}
      </p>
    </>
  );
}

function Hotel({ data }: { data: Dashboard }) {
  const t = useT('organizer');
  const { count, shortDay } = useConsoleFormats();
  if (data.hotelNights.length === 0) return <p>{t('dashboardNoHotelRooms')}</p>;
  return (
    <BarChart
      label={t('dashboardHotelChart', {
        nights: data.hotelNights
          .map((night) =>
            t('dashboardHotelNight', {
              night: shortDay(night.night),
              booked: count(night.booked),
              capacity: count(night.capacity),
            }),
          )
          .join(', '),
      })}
      categoryHeader={t('dashboardNight')}
      valueHeader={t('dashboardBooked')}
      capacityHeader={t('dashboardRooms')}
      rows={data.hotelNights.map((night) => ({ label: shortDay(night.night), value: night.booked, capacity: night.capacity }))}
    />
  );
}

function Checkins({ data }: { data: Dashboard }) {
  const t = useT('organizer');
  const { count } = useConsoleFormats();
  const shortHour = useShortHour();
  const lists = [...new Map(data.checkinsPerHour.map((row) => [row.listId, row.listName])).entries()];
  if (lists.length === 0) return <p>{t('dashboardNoCheckins')}</p>;
  return (
    <div className="dashboard-stack">
      {lists.map(([id, name]) => {
        const rows = data.checkinsPerHour.filter((row) => row.listId === id);
        const total = rows.reduce((sum, row) => sum + row.checkins, 0);
        const duplicates = rows.reduce((sum, row) => sum + row.duplicates, 0);
        const figures = { name, total: count(total), duplicates: count(duplicates), duplicateCount: duplicates };
        return (
          <div key={id}>
            <h3 className="dashboard-subtitle">
              {duplicates ? t('dashboardListCheckinsWithDuplicates', figures) : t('dashboardListCheckins', figures)}
            </h3>
            <ColumnChart
              label={t('dashboardCheckinsChart', {
                ...figures,
                from: shortHour(rows[0]?.hour ?? ''),
                to: shortHour(rows.at(-1)?.hour ?? ''),
              })}
              categoryHeader={t('dashboardHour')}
              categories={rows.map((row) => shortHour(row.hour))}
              series={[
                { name: t('dashboardCheckins'), values: rows.map((row) => row.checkins), tone: 'primary' },
                { name: t('dashboardDuplicatesSeries'), values: rows.map((row) => row.duplicates), tone: 'warning' },
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
  const t = useT('organizer');
  const { count } = useConsoleFormats();
  const rows = data.leadsPerExhibitor;
  if (rows.length === 0) return <p>{t('dashboardNoLeads')}</p>;
  const top = rows.slice(0, TOP_EXHIBITORS);
  const list = top.map((row) => t('dashboardChartItem', { name: row.exhibitor, value: count(row.leads) })).join(', ');
  const caption = t('dashboardLeadsTable');
  return (
    <>
      <BarChart
        label={
          rows.length > TOP_EXHIBITORS
            ? t('dashboardLeadsChartTop', { top: TOP_EXHIBITORS, exhibitors: list })
            : t('dashboardLeadsChart', { exhibitors: list })
        }
        categoryHeader={t('dashboardExhibitor')}
        valueHeader={t('dashboardLeads')}
        rows={top.map((row) => ({ label: row.exhibitor, value: row.leads }))}
      />
      <details>
        <summary>{t('dashboardAllExhibitors', { exhibitors: count(rows.length), count: rows.length })}</summary>
        <TableScroll className="organizer-table" label={caption}>
          <table>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboardExhibitor')}</th>
                <th scope="col" className="num">
                  {t('dashboardScanners')}
                </th>
                <th scope="col" className="num">
                  {t('dashboardLeads')}
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
  const t = useT('organizer');
  const { clock } = useConsoleFormats();
  const { data, error, loading, reload } = usePolling(loadDashboard, DASHBOARD_REFRESH_MS);
  return (
    <div className="dashboard">
      <PageHeader title={t('dashboardTitle')} lead={t('dashboardLead')} />
      <div className="dashboard-status">
        <p aria-live="polite">
          {data ? t('dashboardUpdatedAt', { time: clock(data.generatedAt) }) : loading ? t('dashboardLoading') : ''}
        </p>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void reload()}
          disabled={loading}
          aria-busy={loading || undefined}
        >
          {t('dashboardRefresh')}
        </button>
      </div>
      {error ? (
        <p className="alert alert-danger" role="alert">
          {data ? t('dashboardUpdateFailed', { error }) : error}
        </p>
      ) : null}
      {data ? (
        <>
          <Summary data={data} />
          <div className="dashboard-grid">
            <Section title={t('dashboardRegistrationsSection')}>
              <Registrations data={data} />
            </Section>
            <Section title={t('dashboardPassesSection')}>
              <Passes data={data} />
            </Section>
            <Section title={t('dashboardPoolSection')}>
              <Pools data={data} />
            </Section>
            <Section title={t('dashboardRevenueSection')}>
              <Revenue data={data} />
            </Section>
            <Section title={t('dashboardHotelSection')}>
              <Hotel data={data} />
            </Section>
            <Section title={t('dashboardCheckinsSection')}>
              <Checkins data={data} />
            </Section>
            <Section title={t('dashboardLeadsSection')}>
              <Leads data={data} />
            </Section>
          </div>
        </>
      ) : null}
    </div>
  );
}
