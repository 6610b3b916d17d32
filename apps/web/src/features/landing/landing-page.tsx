import { Hero } from './components/hero';
import { LandingFooter } from './components/landing-footer';
import { SecuritySection } from './components/security-section';
import { ServicesSection } from './components/services-section';
import { SupportSection } from './components/support-section';
import { TherapistsSection } from './components/therapists-section';

/**
 * /: what Rozmova offers, who the therapists are, how to get help and how data is protected. Loaded directly, it is
 * HTML built at build time that runs no app code (route-list.ts); the app renders it only when a visitor comes back
 * to it from inside.
 */
export default function LandingPage() {
  return (
    <>
      <Hero />
      <ServicesSection />
      <TherapistsSection />
      <SupportSection />
      <SecuritySection />
      <LandingFooter />
    </>
  );
}
