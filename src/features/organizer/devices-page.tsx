import { useId } from 'react';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { INTL_LOCALES, type Language } from '../../i18n/i18n.ts';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { api } from '../../lib/api.ts';
import {
  DEVICE_RETIRED_HOURS,
  DEVICE_STALE_MINUTES,
  type DeviceKind,
  type OrganizerDevice,
  type OrganizerDevices,
  organizerDevicesSchema,
} from '../../shared/contracts/devices.ts';
import { type ConsoleT, useConsoleFormats } from './formats.ts';
import { usePolling } from './use-polling.ts';
import './dashboard.css';
import './devices.css';

/** Devices report about every minute; the page asks again this often while it is open and visible. */
export const DEVICES_REFRESH_MS = 15_000;

const loadDevices = (signal: AbortSignal) => api('/api/organizer/devices', organizerDevicesSchema, { signal, cache: 'no-cache' });

const KIND_LABELS: Record<DeviceKind, MessageKey<'organizer'>> = {
  checkin: 'devicesKindCheckin',
  kiosk: 'devicesKindKiosk',
  lead: 'devicesKindLead',
};

const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>();

/**
 * How long ago, against the server's clock (the one the stale flag was judged by), so an organizer
 * laptop whose clock is off reads the same as the flag: 'just now', '12 minutes ago', 'vor 2 Stunden'.
 */
export function agoText(iso: string, serverTime: string, language: Language, t: ConsoleT): string {
  const seconds = Math.round((Date.parse(serverTime) - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return t('devicesJustNow');
  let format = relativeFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(INTL_LOCALES[language], { numeric: 'auto' });
    relativeFormats.set(language, format);
  }
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? format.format(-hours, 'hour') : format.format(-Math.floor(hours / 24), 'day');
}

function DeviceRow({ device, data }: { device: OrganizerDevice; data: OrganizerDevices }) {
  const t = useT('organizer');
  const language = useLanguage();
  const { dateTime, count } = useConsoleFormats();
  const name = device.label ?? t('devicesId', { id: device.deviceId.slice(0, 8) });
  return (
    <tr className={device.stale ? 'devices-row devices-row--stale' : 'devices-row'}>
      <th scope="row">
        <span className="devices-row__user">{device.userName}</span>
        <span className="devices-row__meta">
          {t(KIND_LABELS[device.kind])} · {name}
        </span>
        {/* In the first column, so it is in view even where the table scrolls sideways (a phone, large text). */}
        {device.stale ? (
          <strong className="devices-stale">{t('devicesStale', { minutes: data.staleAfterMinutes })}</strong>
        ) : null}
      </th>
      <td>
        {device.lastSyncAt ? (
          <>
            <span className="devices-row__ago">{agoText(device.lastSyncAt, data.serverTime, language, t)}</span>
            <time className="devices-row__meta" dateTime={device.lastSyncAt}>
              {dateTime(device.lastSyncAt)}
            </time>
          </>
        ) : (
          <span className="devices-row__ago">{t('devicesNeverSynced')}</span>
        )}
      </td>
      <td className="num">{count(device.pending)}</td>
    </tr>
  );
}

function DeviceGroup({ name, devices, data }: { name: string; devices: OrganizerDevice[]; data: OrganizerDevices }) {
  const t = useT('organizer');
  const headingId = useId();
  const stale = devices.filter((device) => device.stale).length;
  const caption = t('devicesTable', { name });
  return (
    <section className="card devices-group" aria-labelledby={headingId}>
      <h3 id={headingId} className="card-title">
        {name}
      </h3>
      <p className={stale > 0 ? 'devices-group__summary devices-group__summary--stale' : 'devices-group__summary'}>
        {t('devicesGroupSummary', { count: devices.length, stale, minutes: data.staleAfterMinutes })}
      </p>
      <TableScroll className="organizer-table devices-table" label={caption}>
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('devicesColDevice')}</th>
              <th scope="col">{t('devicesColLastSync')}</th>
              <th scope="col" className="num">
                {t('devicesColPending')}
              </th>
            </tr>
          </thead>
          <tbody>
            {devices.map((device) => (
              <DeviceRow key={device.deviceId} device={device} data={data} />
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

function Devices({ data }: { data: OrganizerDevices }) {
  const t = useT('organizer');
  const { clock } = useConsoleFormats();
  const listsId = useId();
  const exhibitorsId = useId();
  const all = [...data.checkinLists, ...data.exhibitors].flatMap((group) => group.devices);
  const stale = all.filter((device) => device.stale).length;
  return (
    <>
      <div className="dashboard-status">
        {all.length > 0 ? (
          <p role="status" className={stale > 0 ? 'devices-overall devices-overall--stale' : 'devices-overall'}>
            {t('devicesOverall', { stale, minutes: data.staleAfterMinutes })}
          </p>
        ) : null}
        <p>{t('devicesAsOf', { time: clock(data.serverTime) })}</p>
      </div>
      <section className="devices-section" aria-labelledby={listsId}>
        <h2 id={listsId}>{t('devicesListsHeading')}</h2>
        {data.checkinLists.length === 0 ? <p>{t('devicesNoCheckin')}</p> : null}
        {data.checkinLists.map((group) => (
          <DeviceGroup key={group.listId ?? 'none'} name={group.name ?? t('devicesNoList')} devices={group.devices} data={data} />
        ))}
      </section>
      <section className="devices-section" aria-labelledby={exhibitorsId}>
        <h2 id={exhibitorsId}>{t('devicesExhibitorsHeading')}</h2>
        {data.exhibitors.length === 0 ? <p>{t('devicesNoScanner')}</p> : null}
        {data.exhibitors.map((group) => (
          <DeviceGroup
            key={group.teamId ?? `company:${group.name ?? ''}`}
            name={group.name ?? t('devicesNoExhibitor')}
            devices={group.devices}
            data={data}
          />
        ))}
      </section>
    </>
  );
}

/** /organizer/devices: staff check-in devices, kiosks and lead scanners, and which stopped syncing. */
export function DevicesPage() {
  const t = useT('organizer');
  const devices = usePolling(loadDevices, DEVICES_REFRESH_MS);
  return (
    <div className="devices">
      <PageHeader
        title={t('devicesTitle')}
        lead={t('devicesLead', { minutes: DEVICE_STALE_MINUTES, hours: DEVICE_RETIRED_HOURS })}
      />
      {devices.error ? (
        <p className="alert alert-danger" role="alert">
          {devices.data ? t('devicesFailed', { error: devices.error }) : devices.error}
        </p>
      ) : null}
      {devices.data ? <Devices data={devices.data} /> : devices.loading ? <p aria-busy="true">{t('devicesLoading')}</p> : null}
    </div>
  );
}
