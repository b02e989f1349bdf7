import { CODE_OF_CONDUCT } from './code-of-conduct.ts';
import { FAQ } from './faq.ts';
import { IMPRINT } from './imprint.ts';
import { PARTNERS } from './partners.ts';
import { PRIVACY_POLICY } from './privacy-policy.ts';
import { TERMS_AND_CONDITIONS } from './terms-and-conditions.ts';
import type { InfoSection } from './types.ts';

/** In page order. The ids are the anchors of the app's footer links (src/app/layouts/nav-links.ts). */
export const INFORMATION_SECTIONS: readonly InfoSection[] = [
  IMPRINT,
  PRIVACY_POLICY,
  CODE_OF_CONDUCT,
  TERMS_AND_CONDITIONS,
  FAQ,
  PARTNERS,
];
