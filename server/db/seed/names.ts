import type { Rng } from './prng.ts';

/** Name parts for people and companies; an international mix, as at the real event. */
export const FIRST_NAMES = [
  'Anna', 'Lukas', 'Sofia', 'Jonas', 'Emma', 'Felix', 'Mia', 'Leon', 'Hannah', 'Paul',
  'Lea', 'Maximilian', 'Clara', 'Elias', 'Marie', 'Noah', 'Laura', 'David', 'Julia', 'Tobias',
  'Sarah', 'Matteo', 'Giulia', 'Lorenzo', 'Chiara', 'Hugo', 'Camille', 'Louis', 'Chloé', 'Pablo',
  'Lucía', 'Javier', 'Inês', 'João', 'Sven', 'Astrid', 'Lars', 'Ingrid', 'Piotr', 'Zofia',
  'Jan', 'Eva', 'Tomás', 'Aoife', 'Liam', 'Olivia', 'James', 'Priya', 'Arjun', 'Mei',
  'Kenji', 'Yuki', 'Omar', 'Layla', 'Mehmet', 'Elif', 'Nikos', 'Eleni', 'Daan', 'Femke',
] as const;

export const LAST_NAMES = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann', 'Schäfer',
  'Koch', 'Richter', 'Klein', 'Wolf', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hartmann',
  'Rossi', 'Bianchi', 'Ferrari', 'Dubois', 'Lefèvre', 'Moreau', 'García', 'Fernández', 'López', 'Silva',
  'Santos', 'Andersson', 'Johansson', 'Nielsen', 'Hansen', 'Kowalski', 'Nowak', 'Novák', 'Horváth', "O'Brien",
  'Murphy', 'Smith', 'Taylor', 'Brown', 'Patel', 'Sharma', 'Chen', 'Wang', 'Tanaka', 'Sato',
  'Haddad', 'Yılmaz', 'Papadopoulos', 'de Vries', 'Jansen', 'Bakker', 'Virtanen', 'Kask', 'Ionescu', 'Petrov',
] as const;

export const JOB_TITLES = [
  'CTO', 'CEO', 'Co-Founder', 'Head of Platform Engineering', 'Principal Engineer', 'Staff SRE',
  'VP Engineering', 'Cloud Architect', 'Security Researcher', 'CISO', 'Product Manager',
  'Director of Infrastructure', 'Developer Advocate', 'Data Scientist', 'Head of Sustainability',
  'Solutions Architect', 'Managing Director', 'Head of Partnerships', 'Network Engineer', 'Analyst',
] as const;

export const COMPANY_STEMS = [
  'Nimbus', 'Stratus', 'Cumulus', 'Alpenblick', 'Nordlicht', 'Rheinwerk', 'Blackforest', 'Bodensee',
  'Helix', 'Quantum', 'Vertex', 'Orbit', 'Pixelhaus', 'Bytewerk', 'Datenhafen', 'Lumen', 'Kraken',
  'Falcon', 'Granite', 'Aurora', 'Polaris', 'Zephyr', 'Cobalt', 'Meridian', 'Tessera', 'Vela',
  'Sirius', 'Atlas', 'Borealis', 'Cirrus', 'Monolith', 'Pangea', 'Riviera', 'Solaris', 'Tundra',
] as const;

export const COMPANY_KINDS = [
  'Hosting', 'Cloud', 'Networks', 'Data Centers', 'Systems', 'Software', 'Security', 'Labs',
  'Digital', 'Domains', 'Storage', 'Analytics', 'Connect', 'Compute', 'Web Services', 'IT',
] as const;

export const LEGAL_FORMS = ['GmbH', 'AG', 'SE', 'Ltd', 'B.V.', 'S.A.', 'Inc.', 'AB', 'Oy', 'sp. z o.o.', 'S.r.l.', ''] as const;

/** A plausible company name such as "Nordlicht Hosting GmbH". */
export function companyName(rng: Rng): string {
  return [rng.pick(COMPANY_STEMS), rng.pick(COMPANY_KINDS), rng.pick(LEGAL_FORMS)].filter(Boolean).join(' ');
}

export function personName(rng: Rng): { firstName: string; lastName: string } {
  return { firstName: rng.pick(FIRST_NAMES), lastName: rng.pick(LAST_NAMES) };
}

/** Lower-case ASCII slug for e-mail local parts and .example domains. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
