/** Event times as the venue's clock shows them (Europe/Berlin), whatever zone the device is set to. */
const venueClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO instant as 'HH:MM' (24 h, Berlin); '--:--' for an unreadable one. */
export function clockTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '--:--' : venueClock.format(time);
}
