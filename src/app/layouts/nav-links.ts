import type { FooterLink } from '../../components/ui/footer-links.tsx';
import type { TabItem } from '../../components/ui/tab-bar.tsx';

/** The lead scanner opens on the contacts page's scan tab (docs/behaviour.md §2). */
export const LEAD_SCANNER_LINK = '/contacts?currentTab=scan';

/** The staff pass check, in the menu for staff only. */
export const PASS_CHECK_LINK = '/check-in';

/** The organizer console, in the menu for organizers only. */
export const ORGANIZER_LINK = '/organizer';

/** docs/behaviour.md §2 tab bar: Home, Pass, Accommodation, and Lead Scanner for lead scanners only (labels: common catalogue keys). */
export function mainTabs(isLeadScanner: boolean): TabItem[] {
  const tabs: TabItem[] = [
    { to: '/', label: 'tabHome', icon: 'home', end: true },
    { to: '/pass', label: 'tabPass', icon: 'pass' },
    { to: '/accommodation', label: 'tabAccommodation', icon: 'bed' },
  ];
  if (isLeadScanner) tabs.push({ to: LEAD_SCANNER_LINK, label: 'tabLeadScanner', icon: 'scan' });
  return tabs;
}

// Legal texts live on the information page until they get pages of their own.
const imprint: FooterLink = { to: '/information#imprint', label: 'imprint' };
const privacy: FooterLink = { to: '/information#privacy-policy', label: 'privacyPolicy' };
const conduct: FooterLink = { to: '/information#code-of-conduct', label: 'codeOfConduct' };
const terms: FooterLink = { to: '/information#terms-and-conditions', label: 'termsAndConditions' };
const faq: FooterLink = { to: '/information#faq', label: 'faq' };

/** docs/behaviour.md §2 slide-in menu footer. */
export const MENU_FOOTER_LINKS: readonly FooterLink[] = [imprint, privacy, conduct, terms, faq];
/** docs/behaviour.md §2 registration side panel footer (also under the sign-in pages). */
export const REGISTRATION_FOOTER_LINKS: readonly FooterLink[] = [imprint, privacy, terms, faq];
