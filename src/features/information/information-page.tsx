import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import './information.css';

/** Anchors the footer links point to (src/app/layouts/nav-links.ts). */
const SECTIONS = [
  { id: 'imprint', title: 'Imprint', text: 'The legal notice of the organiser of CloudFest 2026 will be published here.' },
  { id: 'privacy-policy', title: 'Privacy Policy', text: 'How we process your personal data will be described here.' },
  {
    id: 'code-of-conduct',
    title: 'Code of Conduct',
    text: 'The rules that keep CloudFest welcoming for everyone will be listed here.',
  },
  {
    id: 'terms-and-conditions',
    title: 'Terms and Conditions',
    text: 'The terms for passes, hotel bookings and train tickets will be published here.',
  },
  { id: 'faq', title: 'FAQ', text: 'Answers to common questions about travel, passes and the venue will follow here.' },
  { id: 'partners', title: 'Partners', text: 'The companies that make CloudFest 2026 possible will be presented here.' },
];

export function InformationPage() {
  return (
    <>
      <PageHeader title="Information" lead="CloudFest 2026 takes place at Europa-Park, Rust, Germany." />
      <EmptyState title="More details are on their way">
        Venue details, opening hours and travel tips will be collected on this page.
      </EmptyState>
      <div className="information-sections">
        {SECTIONS.map((section) => (
          <section key={section.id} id={section.id} className="information-section" aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className="information-section__title">
              {section.title}
            </h2>
            <p className="text-muted">{section.text}</p>
          </section>
        ))}
      </div>
    </>
  );
}
