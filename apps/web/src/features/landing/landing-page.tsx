import { type ComponentType, lazy, Suspense } from 'react';
import { Hero } from './components/hero';
import { LandingFooter } from './components/landing-footer';
import { SecuritySection } from './components/security-section';
import { ServicesSection } from './components/services-section';
import { SupportSection } from './components/support-section';
import { TherapistsSection } from './components/therapists-section';

/**
 * A section that hydrates in a task of its own: its first render waits for a timer, and meanwhile the pre-rendered
 * HTML between its Suspense markers stays as it is. So the browser can paint and answer input between sections
 * instead of being blocked for the whole page. Rendered afresh, a section waits one timer tick.
 */
const hydratedLater = (Section: ComponentType) =>
  lazy(() => new Promise<{ default: ComponentType }>((resolve) => setTimeout(() => resolve({ default: Section }))));

const Services = hydratedLater(ServicesSection);
const Therapists = hydratedLater(TherapistsSection);
const Support = hydratedLater(SupportSection);
const Security = hydratedLater(SecuritySection);
const Footer = hydratedLater(LandingFooter);

/** /: what Rozmova offers, who the therapists are, how to get help and how data is protected. */
export default function LandingPage() {
  return (
    <>
      <Hero />
      {[Services, Therapists, Support, Security, Footer].map((Part, i) => (
        <Suspense key={i} fallback={null}>
          <Part />
        </Suspense>
      ))}
    </>
  );
}
